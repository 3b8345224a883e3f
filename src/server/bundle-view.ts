import type { BundleFile, BundleMeta, RunBundle } from '../contract/bundle.js';
import type { RunStatus } from '../contract/runs.js';
import { parseJson, type Store } from '../store/db.js';
import type { RunRow } from '../store/repos/runs.js';
import { runSteps } from '../store/repos/results.js';
import { nowIso } from '../util/ids.js';
import { toLatestResult } from './result-view.js';
import { failureKindOf, toStepItem } from './triage-view.js';

/** Artifacts (screenshots, video, traces) beyond this total are listed in meta.omitted instead. */
const ARTIFACT_CAP_BYTES = 64 * 1024 * 1024;

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of body) parts.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(parts);
}

/**
 * Everything about one run in one self-contained set of files, all read from that run's rows (never
 * from the test's current state), so a bundle describes exactly one run: every JSON file carries
 * its runId and snapshotId, and meta.json lists the files.
 */
export async function buildBundle(store: Store, r: RunRow, publicUrl: string): Promise<RunBundle> {
  const db = store.db;
  const ids = { runId: r.id, snapshotId: r.id };
  const json = (path: string, value: unknown): BundleFile => ({ path, encoding: 'utf8', content: `${JSON.stringify(value, null, 2)}\n` });
  const text = (path: string, value: string | null): BundleFile => ({ path, encoding: 'utf8', content: value ?? '' });
  const analysis = parseJson<Record<string, unknown> | null>(r.analysis, null);
  const calls = await db.selectFrom('run_calls').selectAll().where('run_id', '=', r.id).orderBy('seq').execute();
  const steps = (await runSteps(db, r.id)).map(toStepItem);

  const files: BundleFile[] = [
    json('result.json', { ...toLatestResult(r, publicUrl, true), snapshotId: r.id }),
    json('analysis.json', { ...ids, analysis: analysis ? { ...analysis, snapshotId: r.id } : null }),
    r.test_type === 'backend'
      ? text('test_code.py', r.snapshot)
      : json('plan.json', { ...ids, codeVersion: r.code_version, planSteps: parseJson(r.snapshot, []) }),
    json('calls.json', {
      ...ids,
      calls: calls.map((c) => ({
        seq: c.seq,
        origin: c.origin,
        method: c.method,
        url: c.url,
        path: c.path,
        startedAt: c.started_at,
        latencyMs: c.latency_ms,
        request: { headers: parseJson(c.request_headers, {}), body: c.request_body },
        response: { status: c.status, headers: parseJson(c.response_headers, {}), body: c.response_body },
        error: c.error,
      })),
    }),
    json('variables.json', { ...ids, consumed: parseJson(r.consumed, {}), produced: parseJson(r.produced, {}) }),
    json('steps.json', { ...ids, steps }),
    text('stdout.txt', r.api_output),
    text('traceback.txt', r.trace),
  ];
  if (typeof analysis?.reproducer === 'string') files.push(text('reproducer.sh', `#!/bin/sh\n# run ${r.id} (snapshotId ${r.id})\n${analysis.reproducer}\n`));

  const omitted: BundleMeta['omitted'] = [];
  // The run's files, from the artifact store (a directory or a bucket every process reads).
  const prefix = `runs/${r.id}`;
  let used = 0;
  for (const { key, size: bytes } of await store.artifacts.list(prefix)) {
    const rel = key.slice(prefix.length + 1);
    if (used + bytes > ARTIFACT_CAP_BYTES) {
      omitted.push({ path: `artifacts/${rel}`, bytes, reason: `over the ${ARTIFACT_CAP_BYTES / 1024 / 1024} MB artifact cap of a bundle` });
      continue;
    }
    const obj = await store.artifacts.get(key);
    if (!obj) continue;
    used += bytes;
    files.push({ path: `artifacts/${rel}`, encoding: 'base64', content: (await readAll(obj.body)).toString('base64') });
  }

  const meta: BundleMeta = {
    bundleVersion: 1,
    ...ids,
    batchId: r.batch_id,
    projectId: r.project_id,
    testId: r.test_id,
    testName: r.test_name,
    type: r.test_type as BundleMeta['type'],
    status: r.status as RunStatus,
    failureKind: failureKindOf(r),
    codeVersion: r.code_version,
    source: r.source,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
    generatedAt: nowIso(),
    files: files.map((f) => f.path),
    omitted,
  };
  return { meta, files };
}
