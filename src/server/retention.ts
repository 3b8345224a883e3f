/**
 * Retention's prune (README "Retention"): reads what exists, lets retention-select.ts decide, then
 * deletes batch by batch (rows cascade from the batch: runs, steps, recorded calls, variables,
 * cleanup records, chains) and each pruned run's artifacts (screenshots, video, trace: `runs/<runId>/`
 * in the artifact store, a directory or a bucket). One process at a time, under the `prune` lease.
 * A dry run reads the same and deletes nothing.
 */
import { SvcError } from '../contract/errors.js';
import { parseJson, type Store } from '../store/db.js';
import { claimLease, releaseLease } from '../store/lease.js';
import { newId } from '../util/ids.js';
import { selectPrunable, type KeepReason, type PruneReason, type RetentionPolicy } from './retention-select.js';

export const PRUNE_LEASE = 'prune';
const LEASE_MS = 10 * 60_000;
/** Batches deleted per transaction: short transactions keep the API answering on SQLite. */
const CHUNK = 20;
/** Rows of an IN (…) list at once (SQLite allows 32766 parameters; PostgreSQL 65535). */
const IN_LIMIT = 500;

export interface PrunedBatch {
  batchId: string;
  projectId: string;
  kind: string;
  createdAt: string;
  reason: PruneReason;
  runs: number;
  calls: number;
  artifactFiles: number;
  artifactBytes: number;
}

export interface PruneReport {
  dryRun: boolean;
  policy: { days: number | null; batchesPerProject: number | null };
  batches: PrunedBatch[];
  /** Batches a rule matched but that are kept, by why. */
  kept: Record<KeepReason, number>;
  totals: { batches: number; runs: number; calls: number; artifactFiles: number; artifactBytes: number };
}

const chunks = <T>(list: T[], n: number): T[][] => Array.from({ length: Math.ceil(list.length / n) }, (_, i) => list.slice(i * n, (i + 1) * n));

async function tree(store: Store, runId: string): Promise<{ files: number; bytes: number }> {
  const objects = await store.artifacts.list(`runs/${runId}`);
  return { files: objects.length, bytes: objects.reduce((n, o) => n + o.size, 0) };
}

/** Everything selection needs, read in one pass. */
async function readState(store: Store) {
  const db = store.db;
  const batchRows = await db.selectFrom('batches').select(['id', 'project_id', 'kind', 'status', 'created_at', 'finished_at', 'options']).execute();
  const runs = (await db.selectFrom('runs').select(['id', 'batch_id', 'test_id', 'created_at']).execute()).map((r) => ({ id: r.id, batchId: r.batch_id, testId: r.test_id, createdAt: r.created_at }));
  const lastRunIds = (await db.selectFrom('tests').select('last_run_id').where('last_run_id', 'is not', null).execute()).map((t) => t.last_run_id!);
  const runBatch = new Map(runs.map((r) => [r.id, r.batchId]));
  const references = new Map<string, string[]>();
  const refer = (from: string, to: string | undefined) => {
    if (to && to !== from) (references.get(from) ?? references.set(from, []).get(from)!).push(to);
  };
  for (const v of await db.selectFrom('variables').select(['batch_id', 'producer_run_id']).distinct().execute()) refer(v.batch_id, runBatch.get(v.producer_run_id));
  for (const c of await db.selectFrom('cleanup_records').select(['batch_id', 'origin_batch_id']).whereRef('origin_batch_id', '!=', 'batch_id').distinct().execute()) refer(c.batch_id, c.origin_batch_id);
  const batches = batchRows.map((b) => ({
    id: b.id, projectId: b.project_id, kind: b.kind, status: b.status, createdAt: b.created_at, finishedAt: b.finished_at,
    series: parseJson<{ series?: string[] }>(b.options, {}).series,
  }));
  return { batches, runs, lastRunIds, references };
}

/** What a prune would do now under `policy`, with the size of each batch. */
export async function planPrune(store: Store, policy: RetentionPolicy, now = new Date()): Promise<PruneReport & { runIds: Map<string, string[]> }> {
  const selection = selectPrunable(await readState(store), policy, now);
  const calls = new Map<string, number>();
  for (const part of chunks(selection.prune.map((p) => p.batch.id), IN_LIMIT)) {
    const rows = await store.db.selectFrom('run_calls').select(['batch_id', (eb) => eb.fn.countAll<number>().as('n')]).where('batch_id', 'in', part).groupBy('batch_id').execute();
    for (const r of rows) calls.set(r.batch_id, Number(r.n));
  }
  const batches: PrunedBatch[] = [];
  const runIds = new Map<string, string[]>();
  for (const p of selection.prune) {
    let files = 0;
    let bytes = 0;
    for (const id of p.runIds) {
      const t = await tree(store, id);
      files += t.files;
      bytes += t.bytes;
    }
    runIds.set(p.batch.id, p.runIds);
    batches.push({ batchId: p.batch.id, projectId: p.batch.projectId, kind: p.batch.kind, createdAt: p.batch.createdAt, reason: p.reason, runs: p.runIds.length, calls: calls.get(p.batch.id) ?? 0, artifactFiles: files, artifactBytes: bytes });
  }
  const kept: Record<KeepReason, number> = { running: 0, 'last-run': 0, flaky: 0, referenced: 0 };
  for (const k of selection.kept) kept[k.reason] += 1;
  const sum = (f: (b: PrunedBatch) => number) => batches.reduce((n, b) => n + f(b), 0);
  return {
    dryRun: true,
    policy: { days: policy.days || null, batchesPerProject: policy.batchesPerProject || null },
    batches,
    kept,
    totals: { batches: batches.length, runs: sum((b) => b.runs), calls: sum((b) => b.calls), artifactFiles: sum((b) => b.artifactFiles), artifactBytes: sum((b) => b.artifactBytes) },
    runIds,
  };
}

/**
 * Prunes now (or, with dryRun, only lists). Throws CONFLICT when another process holds the lease.
 * Between chunks it yields, so the server's API thread answers requests meanwhile.
 */
export async function prune(store: Store, policy: RetentionPolicy, o: { dryRun?: boolean; now?: Date; holder?: string } = {}): Promise<PruneReport> {
  if (o.dryRun) {
    const plan = await planPrune(store, policy, o.now);
    return { dryRun: true, policy: plan.policy, batches: plan.batches, kept: plan.kept, totals: plan.totals };
  }
  const holder = o.holder ?? `${process.pid}:${newId('prune')}`;
  if (!(await claimLease(store.db, PRUNE_LEASE, holder, LEASE_MS))) {
    throw new SvcError('CONFLICT', 'another process is pruning this database right now', { nextAction: 'Wait for it to finish (the lease lapses after 10 minutes if that process died), then run the prune again.' });
  }
  let report: PruneReport | undefined;
  try {
    const plan = await planPrune(store, policy, o.now);
    const runIds = plan.runIds;
    report = { dryRun: false, policy: plan.policy, batches: plan.batches, kept: plan.kept, totals: plan.totals };
    const db = store.db;
    for (const part of chunks(plan.batches.map((b) => b.batchId), CHUNK)) {
      const runs = part.flatMap((id) => runIds.get(id) ?? []);
      await db.transaction().execute(async (trx) => {
        // A chat answer stays, without its link to a run that is gone.
        for (const ids of chunks(runs, IN_LIMIT)) await trx.updateTable('chat_messages').set({ run_id: null }).where('run_id', 'in', ids).execute();
        await trx.deleteFrom('jobs').where('ref_id', 'in', part).where('status', '=', 'done').execute();
        // A notification about a batch that is gone goes with it; the schedule keeps the due time it fired for.
        await trx.deleteFrom('webhook_deliveries').where('batch_id', 'in', part).where('status', 'in', ['delivered', 'failed']).execute();
        // Only finished batches: one that started again meanwhile (a resumed series) is left.
        await trx.deleteFrom('batches').where('id', 'in', part).where('status', 'not in', ['queued', 'running']).where('finished_at', 'is not', null).execute();
      });
      for (const id of runs) await store.artifacts.deletePrefix(`runs/${id}`);
      await claimLease(db, PRUNE_LEASE, holder, LEASE_MS);
      await new Promise((r) => setImmediate(r));
    }
    return report;
  } finally {
    await releaseLease(store.db, PRUNE_LEASE, holder, report ? { at: new Date().toISOString(), ...report.totals } : undefined);
  }
}
