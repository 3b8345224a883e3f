import { z } from 'zod';
import { Id, Timestamp } from './common.js';
import { endpoint } from './endpoint.js';
import { RunStatus } from './runs.js';

/** meta.json of a failure bundle: every other file that names a run names this one. */
export const BundleMeta = z
  .object({
    bundleVersion: z.literal(1),
    snapshotId: z.string().describe('Equal to runId: the one run every file of the bundle describes'),
    runId: z.string(),
    batchId: z.string(),
    projectId: z.string(),
    testId: z.string(),
    testName: z.string(),
    type: z.enum(['frontend', 'backend']),
    status: RunStatus,
    failureKind: z.string().nullable(),
    codeVersion: z.number().int().nullable(),
    source: z.string(),
    createdAt: Timestamp,
    finishedAt: Timestamp.nullable(),
    generatedAt: Timestamp,
    files: z.array(z.string()).describe('Every file of the bundle besides meta.json'),
    omitted: z.array(z.object({ path: z.string(), bytes: z.number().int(), reason: z.string() })).describe('Artifacts left out (size cap)'),
  })
  .meta({ id: 'BundleMeta' });
export type BundleMeta = z.infer<typeof BundleMeta>;

export const BundleFile = z.object({
  path: z.string().describe('Relative path inside the bundle directory'),
  encoding: z.enum(['utf8', 'base64']),
  content: z.string(),
});
export type BundleFile = z.infer<typeof BundleFile>;

export const RunBundle = z.object({ meta: BundleMeta, files: z.array(BundleFile) }).meta({ id: 'RunBundle' });
export type RunBundle = z.infer<typeof RunBundle>;

export const getRunBundle = endpoint({
  id: 'runs.bundle',
  method: 'GET',
  path: '/runs/{runId}/bundle',
  tag: 'results',
  summary: 'The failure bundle of a finished run: result, analysis, code or plan as run, calls, variables, output, traceback, screenshots',
  scope: 'read:tests',
  params: z.object({ runId: Id }),
  response: RunBundle,
});

/** What `test failure get` / `test artifact get` wrote. */
export const BundleWritten = z
  .object({
    runId: z.string(),
    snapshotId: z.string(),
    testId: z.string(),
    status: RunStatus,
    path: z.string().describe('The bundle directory'),
    files: z.array(z.string()),
    replaced: z.boolean().describe('An earlier bundle at this path was replaced'),
  })
  .meta({ id: 'BundleWritten' });
export type BundleWritten = z.infer<typeof BundleWritten>;
