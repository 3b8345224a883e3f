import { createHmac } from 'node:crypto';
import { WEBHOOK_HEADERS } from '../contract/schedules.js';
import { parseJson } from '../store/db.js';
import type { Db } from '../store/schema.js';
import { buildBatchTriage } from './batch-triage.js';

/** Causes and failures per cause a payload lists, at most (the portal link has the rest). */
const MAX_CAUSES = 20;
const MAX_PER_CAUSE = 10;

/**
 * `t=<unix seconds>` and `v1=<hex HMAC-SHA256 of "<t>.<body>" with the project's secret>`: the
 * timestamp is inside what is signed, so a receiver that refuses old timestamps refuses replays.
 */
export function signDelivery(secret: string, body: string, unixSeconds: number): Record<string, string> {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return { [WEBHOOK_HEADERS.timestamp]: String(unixSeconds), [WEBHOOK_HEADERS.signature]: `t=${unixSeconds},v1=${v1}` };
}

interface ProjectRef {
  id: string;
  name: string;
  type: string;
}

const projectPart = (p: ProjectRef, publicUrl: string) => ({ id: p.id, name: p.name, type: p.type, url: `${publicUrl}/portal/projects/${p.id}` });

/** The body of a `run.failed` delivery: the batch, its counts, its failures grouped by cause and portal links. */
export async function runFailedPayload(db: Db, o: { deliveryId: string; batchId: string; publicUrl: string; createdAt: string }): Promise<Record<string, unknown> | undefined> {
  const b = await db.selectFrom('batches').selectAll().where('id', '=', o.batchId).executeTakeFirst();
  const p = b && (await db.selectFrom('projects').select(['id', 'name', 'type']).where('id', '=', b.project_id).executeTakeFirst());
  if (!b || !p) return undefined;
  const triage = await buildBatchTriage(db, b.id, b.user_id);
  const due = b.source === 'schedule' ? await db.selectFrom('schedule_runs').select(['due_at', 'kind']).where('batch_id', '=', b.id).executeTakeFirst() : undefined;
  const summary = parseJson<{ counts?: Record<string, number>; cleanup?: Record<string, number> }>(b.summary, {});
  const counts = summary.counts ?? {};
  return {
    event: 'run.failed',
    deliveryId: o.deliveryId,
    createdAt: o.createdAt,
    project: projectPart(p, o.publicUrl),
    batch: {
      id: b.id,
      source: b.source,
      kind: b.kind,
      status: b.status,
      error: b.error,
      dueAt: due?.due_at ?? null,
      catchUp: due?.kind === 'catch-up',
      createdAt: b.created_at,
      finishedAt: b.finished_at,
      url: `${o.publicUrl}/portal/batches/${b.id}`,
    },
    summary: {
      total: triage?.total ?? 0,
      passed: counts.passed ?? 0,
      failed: counts.failed ?? 0,
      blocked: counts.blocked ?? 0,
      cancelled: counts.cancelled ?? 0,
      cleanup: summary.cleanup ?? null,
    },
    failuresByCause: (triage?.groups ?? []).slice(0, MAX_CAUSES).map((g) => ({
      check: g.check,
      endpoint: g.endpoint,
      failureKind: g.failureKind,
      fixTarget: g.recommendedFixTarget,
      count: g.count,
      failures: g.failures.slice(0, MAX_PER_CAUSE).map((f) => ({
        testId: f.testId,
        testName: f.testName,
        runId: f.runId,
        status: f.status,
        message: f.message,
        analysis: f.rootCauseHypothesis,
        failingCall: f.failingCall ? { method: f.failingCall.method, path: f.failingCall.path, status: f.failingCall.status } : null,
        url: `${o.publicUrl}/portal/runs/${f.runId}`,
      })),
    })),
  };
}

/** The body of a `schedule.failed` delivery: a due time whose run could not even be started. */
export async function scheduleFailedPayload(db: Db, o: { deliveryId: string; projectId: string; dueAt: string; error: string; publicUrl: string; createdAt: string }): Promise<Record<string, unknown> | undefined> {
  const p = await db.selectFrom('projects').select(['id', 'name', 'type']).where('id', '=', o.projectId).executeTakeFirst();
  if (!p) return undefined;
  return { event: 'schedule.failed', deliveryId: o.deliveryId, createdAt: o.createdAt, project: projectPart(p, o.publicUrl), dueAt: o.dueAt, error: o.error };
}
