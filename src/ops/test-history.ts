import { z } from 'zod';
import { Id, Surface } from '../contract/common.js';
import { listTestRuns, RunHistory } from '../contract/results.js';
import { defineOp, READ } from './op.js';
import { parseSince } from './since.js';
import { sampleHistoryItem } from './triage-samples.js';

export const testHistory = defineOp({
  name: 'test.history',
  title: "A test's run history",
  description:
    "Prior runs of a test, newest first: {runs, nextCursor}. Filter by the surface that triggered a run (source: cli, portal, mcp, schedule, github_action) and by since (24h, 7d, 30m or an ISO timestamp); page with pageSize (1-100, default 20) and cursor (the nextCursor of the previous page).",
  input: z.object({
    testId: Id,
    source: Surface.optional(),
    since: z.string().min(1).optional().describe('Lower bound on createdAt: a duration back from now (24h, 7d, 30m) or an ISO timestamp'),
    pageSize: z.number().int().min(1).max(100).default(20),
    cursor: z.string().min(1).optional(),
  }),
  output: RunHistory,
  annotations: READ,
  sample: (i) => ({ runs: [sampleHistoryItem(i.source ? { source: i.source } : {})], nextCursor: null }),
  run: (ctx, i) =>
    ctx.client().call(listTestRuns, {
      params: { testId: i.testId },
      query: { source: i.source, since: i.since ? parseSince(i.since) : undefined, pageSize: i.pageSize, cursor: i.cursor },
    }),
});
