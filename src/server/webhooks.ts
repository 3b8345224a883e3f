import { sql, type Selectable } from 'kysely';
import { assertTargetUrl, guardedFetch } from '../engine/target-guard.js';
import { WEBHOOK_HEADERS } from '../contract/schedules.js';
import { parseJson } from '../store/db.js';
import type { WebhookDeliveriesTable } from '../store/schema-schedules.js';
import { newId, nowIso } from '../util/ids.js';
import type { ServerDeps } from './context.js';
import { secretsOf } from './project-view.js';
import { runFailedPayload, scheduleFailedPayload, signDelivery } from './webhook-payload.js';

/** Attempts per delivery, at most; the waits between them double from the base. */
const MAX_ATTEMPTS = 6;
const PER_TICK = 10;
const ATTEMPT_TIMEOUT_MS = 10_000;
/** Deliveries kept per project, newest first (their attempt logs included). */
const KEEP_DELIVERIES = 200;
/** A failed batch older than this when first noticed is not announced (a webhook set today says nothing of last month). */
const LOOKBACK_MS = 24 * 3600_000;

type Delivery = Selectable<WebhookDeliveriesTable>;

/**
 * Failure notifications (an extension: SPEC.md names no event stream). Each API process notices
 * failed batches of projects with a webhook and records one delivery per batch (unique event key:
 * whoever notices first); due deliveries are claimed with a conditional update, POSTed signed, and
 * retried with exponential backoff, every attempt logged. The target policy applies to every
 * attempt, and the address connected to is the one checked (no DNS rebinding, no redirects).
 */
export class WebhookNotifier {
  private readonly backoffMs = Number(process.env.SVC_WEBHOOK_BACKOFF_MS) || 10_000;

  constructor(
    private readonly deps: ServerDeps,
    private readonly log: (m: string) => void,
    /** Aborted at shutdown: an attempt in flight is dropped unrecorded, and retried once its claim lapses. */
    private readonly stopping: AbortSignal = new AbortController().signal,
  ) {}

  async tick(): Promise<void> {
    await this.noticeFailures();
    await this.deliverDue();
  }

  /** Failed or blocked batches of projects with a webhook (scheduled ones, or all with notify 'all') that have no delivery yet. */
  private async noticeFailures(): Promise<void> {
    const db = this.deps.store.db;
    const since = new Date(Date.now() - LOOKBACK_MS).toISOString();
    const rows = await db
      .selectFrom('batches as b')
      .innerJoin('project_webhooks as w', 'w.project_id', 'b.project_id')
      .select(['b.id', 'b.project_id'])
      .where('b.phase', '=', 'done')
      .where('b.status', 'in', ['failed', 'blocked'])
      .where('b.finished_at', '>=', since)
      .whereRef('b.finished_at', '>=', 'w.created_at')
      .where((eb) => eb.or([eb('w.notify', '=', 'all'), eb('b.source', '=', 'schedule')]))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('webhook_deliveries as d').select('d.id').where('d.event_key', '=', sql<string>`${'batch:'} || b.id`))))
      .orderBy('b.finished_at')
      .limit(PER_TICK)
      .execute();
    for (const r of rows) {
      const id = newId('whd');
      const createdAt = nowIso();
      const payload = await runFailedPayload(db, { deliveryId: id, batchId: r.id, publicUrl: this.deps.config.publicUrl, createdAt });
      if (payload) await this.record({ id, projectId: r.project_id, eventKey: `batch:${r.id}`, event: 'run.failed', batchId: r.id, payload, createdAt });
    }
  }

  /** A due time whose batch could not be created: announced to the webhook, if there is one. */
  async scheduleFailed(projectId: string, dueAt: string, error: string): Promise<void> {
    const db = this.deps.store.db;
    if (!(await db.selectFrom('project_webhooks').select('project_id').where('project_id', '=', projectId).executeTakeFirst())) return;
    const id = newId('whd');
    const createdAt = nowIso();
    const payload = await scheduleFailedPayload(db, { deliveryId: id, projectId, dueAt, error, publicUrl: this.deps.config.publicUrl, createdAt });
    if (payload) await this.record({ id, projectId, eventKey: `schedule:${projectId}:${dueAt}`, event: 'schedule.failed', batchId: null, payload, createdAt });
  }

  private async record(d: { id: string; projectId: string; eventKey: string; event: string; batchId: string | null; payload: object; createdAt: string }): Promise<void> {
    await this.deps.store.db
      .insertInto('webhook_deliveries')
      .values({ id: d.id, project_id: d.projectId, event_key: d.eventKey, event: d.event, batch_id: d.batchId, payload: JSON.stringify(d.payload), status: 'pending', attempts: 0, attempt_log: '[]', last_status: null, last_error: null, next_attempt_at: d.createdAt, locked_until: null, created_at: d.createdAt, delivered_at: null })
      .onConflict((oc) => oc.column('event_key').doNothing())
      .execute();
    const db = this.deps.store.db;
    const oldest = await db.selectFrom('webhook_deliveries').select('created_at').where('project_id', '=', d.projectId).orderBy('created_at', 'desc').limit(1).offset(KEEP_DELIVERIES).executeTakeFirst();
    // Only past the look-back: a batch whose delivery is gone must not be noticed (and sent) again.
    const before = [oldest?.created_at ?? '', new Date(Date.now() - LOOKBACK_MS).toISOString()].sort()[0]!;
    if (oldest) await db.deleteFrom('webhook_deliveries').where('project_id', '=', d.projectId).where('created_at', '<=', before).where('status', 'in', ['delivered', 'failed']).execute();
  }

  /** Deliveries whose next attempt is due (or whose deliverer died mid-attempt), each claimed by one process. */
  private async deliverDue(): Promise<void> {
    const db = this.deps.store.db;
    const now = nowIso();
    const due = await db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where((eb) => eb.or([eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]), eb.and([eb('status', '=', 'delivering'), eb('locked_until', '<', now)])]))
      .orderBy('created_at')
      .limit(PER_TICK)
      .execute();
    const claimed: Delivery[] = [];
    for (const d of due) {
      const res = await db
        .updateTable('webhook_deliveries')
        .set({ status: 'delivering', locked_until: new Date(Date.now() + 3 * ATTEMPT_TIMEOUT_MS).toISOString() })
        .where('id', '=', d.id)
        .where('status', '=', d.status)
        .where((eb) => (d.locked_until === null ? eb('locked_until', 'is', null) : eb('locked_until', '=', d.locked_until)))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1) claimed.push(d);
    }
    await Promise.all(claimed.map((d) => this.attempt(d)));
  }

  private async attempt(d: Delivery): Promise<void> {
    const db = this.deps.store.db;
    const hook = await db.selectFrom('project_webhooks').selectAll().where('project_id', '=', d.project_id).executeTakeFirst();
    const started = Date.now();
    let status: number | null = null;
    let error: string | null = null;
    if (!hook) error = 'the webhook was removed';
    else {
      try {
        const policy = this.deps.config.targetPolicy;
        const url = await assertTargetUrl(policy, hook.url, 'webhook URL');
        const headers = {
          'content-type': 'application/json',
          'user-agent': `svc-webhook/${this.deps.config.version}`,
          [WEBHOOK_HEADERS.event]: d.event,
          [WEBHOOK_HEADERS.delivery]: d.id,
          ...signDelivery(secretsOf(this.deps).decrypt(hook.secret), d.payload, Math.floor(Date.now() / 1000)),
        };
        // Connected to the address the policy checked; a redirect is an answer, not followed.
        const res = await guardedFetch(policy)(url, { method: 'POST', body: d.payload, headers, redirect: 'manual', signal: AbortSignal.any([AbortSignal.timeout(ATTEMPT_TIMEOUT_MS), this.stopping]) });
        status = res.status;
        await res.body?.cancel().catch(() => undefined);
        if (status < 200 || status >= 300) error = `answered ${status}`;
      } catch (err) {
        const e = err as Error & { cause?: Error };
        error = e.cause?.message ? `${e.message}: ${e.cause.message}` : e.message || String(err);
      }
    }
    if (this.stopping.aborted) return;
    const attempts = d.attempts + 1;
    const log = [...parseJson<object[]>(d.attempt_log, []), { at: new Date(started).toISOString(), status, error, ms: Date.now() - started }].slice(-MAX_ATTEMPTS);
    const done = error === null;
    const give = !done && (attempts >= MAX_ATTEMPTS || !hook);
    await db
      .updateTable('webhook_deliveries')
      .set({
        status: done ? 'delivered' : give ? 'failed' : 'pending',
        attempts,
        attempt_log: JSON.stringify(log),
        last_status: status,
        last_error: error,
        next_attempt_at: done || give ? null : new Date(Date.now() + this.backoffMs * 2 ** (attempts - 1)).toISOString(),
        locked_until: null,
        delivered_at: done ? nowIso() : null,
      })
      .where('id', '=', d.id)
      .execute();
    if (!done) this.log(`webhook delivery ${d.id} (${d.event}) attempt ${attempts}: ${error}${give ? '; giving up' : ''}`);
  }
}
