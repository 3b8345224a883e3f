import { z } from 'zod';
import { Id } from '../contract/common.js';
import { SvcError } from '../contract/errors.js';
import { deleteTest, listTests } from '../contract/tests.js';
import { TestStatus } from '../contract/test-fields.js';
import { defineOp, type OpContext } from './op.js';
import { collectPages } from './paging.js';

export const DeleteBatchResult = z
  .object({
    deleted: z.array(z.string()),
    skipped: z.array(z.string()).describe('Already gone (404)'),
    failed: z.array(z.object({ testId: z.string(), code: z.string(), message: z.string() })),
    summary: z.string().describe("'Deleted N, Skipped M, Failed K'"),
  })
  .meta({ id: 'DeleteBatchResult' });
export type DeleteBatchResult = z.infer<typeof DeleteBatchResult>;

const PARALLEL = 8;

async function allIds(ctx: OpContext, projectId: string, status?: string[]): Promise<string[]> {
  const page = await collectPages(
    (pageSize, startingToken) => ctx.client().call(listTests, { query: { projectId, status: status?.length ? status.join(',') : undefined, pageSize, startingToken } }),
    { pageSize: 100, maxItems: Number.MAX_SAFE_INTEGER },
  );
  return page.items.map((t) => t.id);
}

export const testDeleteBatch = defineOp({
  name: 'test.delete-batch',
  title: 'Delete several tests',
  description: "Delete the given tests, or with all: true every test of projectId (optionally only those in status). A test already gone counts as skipped. confirm must be true.",
  input: z.object({
    testIds: z.array(Id).optional(),
    all: z.boolean().optional(),
    projectId: Id.optional(),
    status: z.array(TestStatus).optional(),
    confirm: z.literal(true, { error: 'deleting tests needs confirm: true (--confirm)' }),
  }),
  output: DeleteBatchResult,
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  sample: (i) => ({ deleted: i.testIds ?? ['tst_0000000000sample'], skipped: [], failed: [], summary: `Deleted ${i.testIds?.length ?? 1}, Skipped 0, Failed 0` }),
  async run(ctx, i) {
    if (i.all && i.testIds?.length) throw new SvcError('VALIDATION_ERROR', 'give test ids or --all, not both');
    if (i.all && !i.projectId) throw new SvcError('VALIDATION_ERROR', '--all needs --project <id>');
    if (!i.all && !i.testIds?.length) throw new SvcError('VALIDATION_ERROR', 'give one or more test ids, or --all --project <id>');
    if (!i.all && i.status?.length) throw new SvcError('VALIDATION_ERROR', '--status works only with --all');
    const ids = i.all ? await allIds(ctx, i.projectId!, i.status) : [...new Set(i.testIds)];
    const out: DeleteBatchResult = { deleted: [], skipped: [], failed: [], summary: '' };
    const outcome = new Map<string, 'deleted' | 'skipped' | { code: string; message: string }>();
    let next = 0;
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        try {
          await ctx.client().call(deleteTest, { params: { testId: id } });
          outcome.set(id, 'deleted');
        } catch (err) {
          const e = err instanceof SvcError ? err : new SvcError('INTERNAL', String(err));
          outcome.set(id, e.code === 'NOT_FOUND' ? 'skipped' : { code: e.code, message: e.message });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, ids.length) }, worker));
    // Report in input order, whatever order the deletes finished in.
    for (const id of ids) {
      const o = outcome.get(id)!;
      if (o === 'deleted') out.deleted.push(id);
      else if (o === 'skipped') out.skipped.push(id);
      else out.failed.push({ testId: id, ...o });
    }
    out.summary = `Deleted ${out.deleted.length}, Skipped ${out.skipped.length}, Failed ${out.failed.length}`;
    return out;
  },
});
