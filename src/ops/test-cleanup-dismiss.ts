import { z } from 'zod';
import { Id } from '../contract/common.js';
import { DismissResult, dismissOrphans } from '../contract/batches.js';
import { defineOp, WRITE } from './op.js';

export const testCleanupDismiss = defineOp({
  name: 'test.cleanup-dismiss',
  title: "Dismiss 'Might be orphaned' rows",
  description:
    "After deleting by hand a resource that cleanup could not delete (no DELETE endpoint: listed as 'Might be orphaned' with its ID and source endpoint), dismiss its row. Name each resource by its path (/users/42) or by its ID when no other record of the batch has that ID. Already dismissed rows succeed; a resource cleanup did delete is a conflict. Later skip-dependencies reruns no longer carry it.",
  input: z.object({
    batchId: Id.describe('The batchId that test run prints'),
    resources: z.array(z.string().min(1).max(2048)).min(1, 'name at least one resource').max(100).describe('Resource paths or IDs'),
  }),
  output: DismissResult,
  annotations: { ...WRITE, idempotent: true },
  sample: (i) => ({ batchId: i.batchId, dismissed: i.resources.map((r) => ({ resourcePath: r.startsWith('/') ? r : `/widgets/${r}`, resourceId: r.split('/').pop() ?? r, sourceEndpoint: 'POST /widgets' })), alreadyDismissed: [], mightBeOrphaned: [] }),
  run: (ctx, i) => ctx.client().call(dismissOrphans, { params: { batchId: i.batchId }, body: { resources: i.resources } }),
});
