import { randomBytes } from 'node:crypto';
import { SvcError } from '../../contract/errors.js';
import { disableSchedule, getSchedule, setSchedule, type ScheduleSetBody } from '../../contract/schedules.js';
import type { KeyRecord } from '../../store/repos/keys.js';
import { CadenceError, nextDue, parseDays, patternOf, type Cadence } from '../../util/cadence.js';
import { nowIso } from '../../util/ids.js';
import type { ServerDeps } from '../context.js';
import { ownProject, secretsOf } from '../project-view.js';
import type { RouteRegistrar } from '../routes.js';
import { scheduleView } from '../schedule-view.js';
import { assertTargetUrl } from '../../engine/target-guard.js';

const invalid = (message: string, nextAction: string) => new SvcError('VALIDATION_ERROR', message, { nextAction });
const USAGE = "e.g. svc project schedule set <project-id> --daily 06:30 --tz Europe/Berlin, --weekly mon,thu --at 18:00, or --cron '0 */6 * * *'";

/** The cadence a body asks for, checked (time zone, time, days, cron); undefined when it names none. */
export function cadenceFrom(body: ScheduleSetBody): Cadence | undefined {
  const given = (['at', 'days', 'cron', 'timeZone'] as const).filter((k) => body[k] !== undefined);
  if (!body.kind) {
    if (given.length) throw invalid(`kind: ${given.join(', ')} need a kind (daily, weekly or cron)`, USAGE);
    return undefined;
  }
  const allowed = { daily: ['at', 'timeZone'], weekly: ['at', 'days', 'timeZone'], cron: ['cron', 'timeZone'] }[body.kind];
  const stray = given.filter((k) => !allowed.includes(k));
  if (stray.length) throw invalid(`${stray[0]}: does not go with a ${body.kind} schedule`, USAGE);
  let days: Cadence['days'] = null;
  if (body.kind === 'weekly') {
    days = body.days ? parseDays(body.days) : null;
    if (!days) throw invalid(`days: ${body.days ? `'${body.days}' is not a list of weekdays` : 'a weekly schedule needs its days'}`, 'Give days such as mon,thu, mon-fri, weekdays or weekends.');
  }
  const cadence: Cadence = { kind: body.kind, at: body.at?.trim() ?? null, days, cron: body.cron?.trim() ?? null, timeZone: body.timeZone?.trim() || 'UTC' };
  try {
    patternOf(cadence);
  } catch (err) {
    if (err instanceof CadenceError) throw invalid(`${err.field}: ${err.message}`, err.nextAction);
    throw err;
  }
  return cadence;
}

function requireRunScope(auth: KeyRecord): void {
  if (!auth.scopes.includes('run:tests')) {
    throw new SvcError('FORBIDDEN', "a schedule starts runs with the key that sets it, and this key lacks the 'run:tests' scope", { nextAction: "Set the schedule with a key that has the 'run:tests' scope." });
  }
}

/** Creates, changes or removes the project's webhook; returns the secret when one was issued. */
async function applyWebhook(deps: ServerDeps, projectId: string, userId: string, body: ScheduleSetBody): Promise<string | undefined> {
  const db = deps.store.db;
  const stored = await db.selectFrom('project_webhooks').selectAll().where('project_id', '=', projectId).executeTakeFirst();
  const now = nowIso();
  if (body.webhookUrl === null) {
    if (body.notify || body.rotateSecret) throw invalid('webhookUrl: notify and rotateSecret need a webhook, and this removes it', 'Drop --notify/--rotate-secret, or give --webhook-url.');
    await db.deleteFrom('project_webhooks').where('project_id', '=', projectId).execute();
    return undefined;
  }
  if (body.webhookUrl === undefined && !stored) {
    if (body.notify || body.rotateSecret) throw invalid('webhookUrl: this project has no webhook yet', 'Give --webhook-url <url> first.');
    return undefined;
  }
  const url = body.webhookUrl === undefined ? stored!.url : await assertTargetUrl(deps.config.targetPolicy, body.webhookUrl, 'webhookUrl');
  const fresh = !stored || body.rotateSecret ? `whsec_${randomBytes(32).toString('base64url')}` : undefined;
  const secret = fresh === undefined ? stored!.secret : secretsOf(deps).encrypt(fresh);
  const notify = body.notify ?? (stored?.notify as 'schedule' | undefined) ?? 'schedule';
  if (stored) await db.updateTable('project_webhooks').set({ url, secret, notify, updated_at: now }).where('project_id', '=', projectId).execute();
  else await db.insertInto('project_webhooks').values({ project_id: projectId, user_id: userId, url, secret, notify, created_at: now, updated_at: now }).execute();
  return fresh;
}

/**
 * `project schedule set|get|disable`. Setting a cadence (re)enables it from now on: due times that
 * passed while it was disabled are not owed. A set with neither a cadence nor webhook settings
 * re-enables the stored cadence.
 */
export const registerSchedules: RouteRegistrar = (app, { mount }) => {
  const view = (deps: ServerDeps, projectId: string, next = 3, revealedSecret?: string) =>
    scheduleView(deps.store.db, projectId, { publicUrl: deps.config.publicUrl, next, revealedSecret, secretOf: (s) => secretsOf(deps).decrypt(s) });

  mount(app, getSchedule, async ({ params, query, auth, deps }) => {
    const p = await ownProject(deps, auth.userId, params.projectId);
    return view(deps, p.id, query.next);
  });

  mount(app, setSchedule, async ({ params, body, auth, deps }) => {
    const p = await ownProject(deps, auth.userId, params.projectId);
    const db = deps.store.db;
    let cadence = cadenceFrom(body);
    const hookGiven = body.webhookUrl !== undefined || body.notify !== undefined || body.rotateSecret !== undefined;
    const stored = await db.selectFrom('schedules').selectAll().where('project_id', '=', p.id).executeTakeFirst();
    if (!cadence && !hookGiven) {
      if (!stored) throw invalid('kind: this project has no schedule yet: give a cadence', USAGE);
      cadence = { kind: stored.kind as Cadence['kind'], at: stored.at, days: JSON.parse(stored.days ?? 'null'), cron: stored.cron, timeZone: stored.time_zone };
    }
    if (cadence) requireRunScope(auth);
    const secret = hookGiven ? await applyWebhook(deps, p.id, auth.userId, body) : undefined;
    if (cadence) {
      const now = nowIso();
      const row = {
        user_id: auth.userId,
        key_id: auth.keyId,
        kind: cadence.kind,
        at: cadence.at ?? null,
        days: cadence.days ? JSON.stringify(cadence.days) : null,
        cron: cadence.cron ?? null,
        time_zone: cadence.timeZone,
        enabled: 1,
        next_due_at: nextDue(cadence, new Date())?.toISOString() ?? null,
        updated_at: now,
      };
      await db
        .insertInto('schedules')
        .values({ project_id: p.id, created_at: now, ...row })
        .onConflict((oc) => oc.column('project_id').doUpdateSet(row))
        .execute();
    }
    return view(deps, p.id, 3, secret);
  });

  mount(app, disableSchedule, async ({ params, auth, deps }) => {
    const p = await ownProject(deps, auth.userId, params.projectId);
    const res = await deps.store.db.updateTable('schedules').set({ enabled: 0, next_due_at: null, updated_at: nowIso() }).where('project_id', '=', p.id).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw new SvcError('NOT_FOUND', `project '${p.id}' has no schedule`, { nextAction: USAGE.replace(/^e\.g\. /, 'Set one first: ') });
    return view(deps, p.id);
  });
};
