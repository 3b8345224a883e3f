import { Option, type Command } from 'commander';
import { SvcError } from '../../../src/contract/errors.js';
import { NOTIFY_MODES, type ScheduleSetBody, type ScheduleView } from '../../../src/contract/schedules.js';
import { projectScheduleDisable } from '../../../src/ops/project-schedule-disable.js';
import { projectScheduleGet } from '../../../src/ops/project-schedule-get.js';
import { projectScheduleSet } from '../../../src/ops/project-schedule-set.js';
import { renderFields, renderTable } from '../../../src/output/table.js';
import { intFlag } from '../../flags.js';
import { idempotencyOption } from '../../inputs.js';
import type { Runtime } from '../../runtime.js';

const USAGE = "e.g. --daily 06:30 --tz Europe/Berlin, --weekly mon,thu --at 18:00, or --cron '0 */6 * * *'";
const invalid = (m: string) => new SvcError('VALIDATION_ERROR', m, { nextAction: `Give one cadence: ${USAGE}.` });

/** The flags of `schedule set` as the op's input. */
export function scheduleInput(o: Record<string, unknown>): ScheduleSetBody {
  const cadences = (['daily', 'weekly', 'cron'] as const).filter((k) => o[k] !== undefined);
  if (cadences.length > 1) throw invalid(`--${cadences.join(', --')} are mutually exclusive`);
  const kind = cadences[0];
  if (o.at !== undefined && kind !== 'weekly') throw invalid('--at goes with --weekly (--daily takes its time itself)');
  if (kind === 'weekly' && o.at === undefined) throw invalid('--weekly needs --at HH:MM');
  if (o.tz !== undefined && !kind) throw invalid('--tz goes with a cadence');
  if (o.webhookUrl !== undefined && o.webhook === false) throw invalid('--webhook-url and --no-webhook are mutually exclusive');
  return {
    kind,
    at: kind === 'daily' ? (o.daily as string) : (o.at as string | undefined),
    days: kind === 'weekly' ? (o.weekly as string) : undefined,
    cron: kind === 'cron' ? (o.cron as string) : undefined,
    timeZone: o.tz as string | undefined,
    webhookUrl: o.webhook === false ? null : (o.webhookUrl as string | undefined),
    notify: o.notify as ScheduleSetBody['notify'],
    rotateSecret: o.rotateSecret ? true : undefined,
  };
}

export function renderSchedule(v: ScheduleView): string {
  const s = v.schedule;
  const cadence = !s ? null : s.kind === 'cron' ? `cron '${s.cron}'` : s.kind === 'weekly' ? `weekly ${s.days!.join(',')} at ${s.at}` : `daily at ${s.at}`;
  const hook = v.webhook;
  let out = renderFields([
    ['projectId', v.projectId],
    ['schedule', s ? `${cadence} (${s.timeZone}), ${s.enabled ? 'enabled' : 'disabled'}` : 'none'],
    ['nextRuns', s?.nextRuns.length ? s.nextRuns.join(', ') : null],
    ['webhook', hook ? `${hook.url} (notify: ${hook.notify === 'all' ? 'any failed run' : 'failed scheduled runs'})` : 'none'],
    ['secret', hook ? (hook.secretShown ? `${hook.secret}  (shown once: store it now; signatures are in ${hook.signatureHeader})` : hook.secret) : null],
  ]);
  if (v.recent.length) {
    out += `\nscheduled runs:\n${renderTable(['DUE', 'BATCH', 'STATUS', 'NOTE'], v.recent.map((r) => [r.dueAt, r.batchId ?? '-', r.batchStatus ?? r.status, r.error ?? (r.catchUp ? 'catch-up after downtime' : '')]))}`;
  }
  if (v.misses.length) out += `\nmissed (server down):\n${renderTable(['FROM', 'UNTIL', 'COUNT'], v.misses.map((m) => [m.from, m.until, m.count]))}`;
  if (v.deliveries.length) {
    out += `\nwebhook deliveries:\n${renderTable(['ID', 'EVENT', 'STATUS', 'ATTEMPTS', 'LAST'], v.deliveries.map((d) => [d.id, d.event, d.status, d.attempts, d.lastError ?? (d.lastStatus === null ? '-' : String(d.lastStatus))]))}`;
  }
  return out;
}

/** `project schedule set|get|disable`: a project's cadence, its runs and misses, and the failure webhook. */
export function registerProjectSchedule(group: Command, rt: Runtime): void {
  const schedule = group.command('schedule').description('rerun a project on a cadence (daily, weekly, cron) and notify a webhook of failures');

  const set = schedule
    .command('set <project-id>')
    .description('set and enable the cadence and/or the failure webhook; with no flags, re-enable the stored cadence')
    .option('--daily <HH:MM>', 'every day at this time')
    .option('--weekly <days>', 'on these days (mon,thu | mon-fri | weekdays | weekends), with --at')
    .option('--at <HH:MM>', 'with --weekly: the time of day')
    .option('--cron <expr>', "five-field cron expression, e.g. '0 6 * * 1-5'")
    .option('--tz <zone>', 'IANA time zone of the cadence (default UTC), e.g. Europe/Berlin')
    .option('--webhook-url <url>', 'POST a signed JSON payload here when a run fails')
    .option('--no-webhook', 'remove the webhook')
    .addOption(new Option('--notify <which>', 'failed runs that notify: schedule (scheduled runs, default) or all').choices([...NOTIFY_MODES]))
    .option('--rotate-secret', 'issue a new signing secret (printed once)');
  idempotencyOption(set).action(async (projectId: string, o) => {
    const v = await rt.exec(projectScheduleSet, { projectId, ...scheduleInput(o), idempotencyKey: o.idempotencyKey });
    rt.emit(v, renderSchedule);
  });

  schedule
    .command('get <project-id>')
    .description('the cadence, next due times, latest scheduled runs, misses, webhook and its deliveries')
    .option('--next <n>', 'how many next due times to list (1-20)', intFlag(1, 20), 3)
    .action(async (projectId: string, o) => rt.emit(await rt.exec(projectScheduleGet, { projectId, next: o.next }), renderSchedule));

  schedule
    .command('disable <project-id>')
    .description('stop the scheduled runs; the cadence and the webhook are kept')
    .action(async (projectId: string) => rt.emit(await rt.exec(projectScheduleDisable, { projectId }), renderSchedule));
}
