/**
 * What retention prunes (README "Retention"), decided on plain rows so it is testable without a
 * database. The unit is the batch: its runs, recorded calls, steps, variables, cleanup records and
 * chains belong to it and go with it. A batch is prunable when it is older than `days` or beyond the
 * newest `batchesPerProject` of its project, unless it is kept:
 * - running: not finished yet (queued or running);
 * - last-run: it holds the newest run of a test, or the run a test names as its last;
 * - flaky: it belongs to the newest `test flaky` series of a test (the runs its verdict counted);
 * - referenced: a kept batch points into it (values captured from, or records retained from, it).
 */
export interface RetentionPolicy {
  /** Prune batches created more than this many days ago (0 or undefined: no age limit). */
  days?: number;
  /** Keep at most this many newest batches per project (0 or undefined: no count limit). */
  batchesPerProject?: number;
}

export interface BatchRow {
  id: string;
  projectId: string;
  kind: string;
  status: string;
  createdAt: string;
  finishedAt: string | null;
  /** Batch ids of the `test flaky` series this batch belongs to (options.series). */
  series?: string[];
}

export interface RunRow {
  id: string;
  batchId: string;
  testId: string;
  createdAt: string;
}

export type KeepReason = 'running' | 'last-run' | 'flaky' | 'referenced';
export type PruneReason = 'age' | 'count';

export interface Selection {
  prune: { batch: BatchRow; reason: PruneReason; runIds: string[] }[];
  /** Batches that met a prune rule but are kept, with why. */
  kept: { batch: BatchRow; reason: KeepReason }[];
}

const IN_FLIGHT = new Set(['queued', 'running']);

export function retentionEnabled(p: RetentionPolicy): boolean {
  return (p.days ?? 0) > 0 || (p.batchesPerProject ?? 0) > 0;
}

/**
 * `lastRunIds`: tests.last_run_id of every test. `references`: for each batch, the batches it
 * points into (variables captured from earlier runs, cleanup records retained from earlier runs).
 */
export function selectPrunable(
  input: { batches: BatchRow[]; runs: RunRow[]; lastRunIds: Iterable<string>; references?: Map<string, string[]> },
  policy: RetentionPolicy,
  now: Date,
): Selection {
  const keep = new Map<string, KeepReason>();
  for (const b of input.batches) if (IN_FLIGHT.has(b.status) || !b.finishedAt) keep.set(b.id, 'running');

  const runsByBatch = new Map<string, RunRow[]>();
  const newestRun = new Map<string, RunRow>();
  for (const r of input.runs) {
    (runsByBatch.get(r.batchId) ?? runsByBatch.set(r.batchId, []).get(r.batchId)!).push(r);
    const n = newestRun.get(r.testId);
    if (!n || r.createdAt > n.createdAt || (r.createdAt === n.createdAt && r.id > n.id)) newestRun.set(r.testId, r);
  }
  const runBatch = new Map(input.runs.map((r) => [r.id, r.batchId]));
  const mark = (batchId: string | undefined, why: KeepReason) => {
    if (batchId && !keep.has(batchId)) keep.set(batchId, why);
  };
  for (const r of newestRun.values()) mark(r.batchId, 'last-run');
  for (const id of input.lastRunIds) mark(runBatch.get(id), 'last-run');

  // The newest flaky series of each test: every batch of it.
  const byId = new Map(input.batches.map((b) => [b.id, b]));
  const newestFlaky = new Map<string, BatchRow>();
  for (const b of input.batches) {
    if (b.kind !== 'flaky') continue;
    for (const testId of new Set((runsByBatch.get(b.id) ?? []).map((r) => r.testId))) {
      const n = newestFlaky.get(testId);
      if (!n || b.createdAt > n.createdAt) newestFlaky.set(testId, b);
    }
  }
  for (const b of newestFlaky.values()) for (const id of b.series?.length ? b.series : [b.id]) mark(byId.get(id)?.id, 'flaky');

  // What a kept batch points into stays too (and what that points into, and so on).
  const pending = [...keep.keys()];
  while (pending.length) {
    const from = pending.pop()!;
    for (const ref of input.references?.get(from) ?? []) {
      if (!keep.has(ref) && byId.has(ref)) {
        keep.set(ref, 'referenced');
        pending.push(ref);
      }
    }
  }

  const cutoff = policy.days ? new Date(now.getTime() - policy.days * 86_400_000).toISOString() : undefined;
  const byProject = new Map<string, BatchRow[]>();
  for (const b of input.batches) (byProject.get(b.projectId) ?? byProject.set(b.projectId, []).get(b.projectId)!).push(b);
  const out: Selection = { prune: [], kept: [] };
  for (const list of byProject.values()) {
    list.sort((a, b) => (a.createdAt === b.createdAt ? b.id.localeCompare(a.id) : b.createdAt.localeCompare(a.createdAt)));
    list.forEach((b, i) => {
      const reason: PruneReason | undefined = cutoff && b.createdAt < cutoff ? 'age' : policy.batchesPerProject && i >= policy.batchesPerProject ? 'count' : undefined;
      if (!reason) return;
      const why = keep.get(b.id);
      if (why) out.kept.push({ batch: b, reason: why });
      else out.prune.push({ batch: b, reason, runIds: (runsByBatch.get(b.id) ?? []).map((r) => r.id) });
    });
  }
  const oldestFirst = (a: { batch: BatchRow }, b: { batch: BatchRow }) => a.batch.createdAt.localeCompare(b.batch.createdAt);
  out.prune.sort(oldestFirst);
  out.kept.sort(oldestFirst);
  return out;
}
