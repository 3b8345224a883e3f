import { z } from 'zod';
import { AuthorSurface, Id } from '../contract/common.js';
import { listTests, TestPage } from '../contract/tests.js';
import { TestStatus, TestType } from '../contract/test-fields.js';
import { defineOp, READ } from './op.js';
import { collectPages, PagingInput } from './paging.js';
import { sampleTest } from './samples.js';

export const testList = defineOp({
  name: 'test.list',
  title: 'List tests',
  description: "A project's tests, oldest first, filtered by type, createdFrom and status. nextToken is set when another page exists; maxItems auto-pages.",
  input: z.object({
    projectId: Id,
    type: TestType.optional(),
    createdFrom: AuthorSurface.optional(),
    status: z.array(TestStatus).optional(),
    ...PagingInput,
  }),
  output: TestPage,
  annotations: READ,
  sample: (i) => {
    const { details: _d, ...t } = sampleTest({ projectId: i.projectId });
    return { items: [t], nextToken: null };
  },
  run: (ctx, { projectId, type, createdFrom, status, ...paging }) =>
    collectPages(
      (pageSize, startingToken) =>
        ctx.client().call(listTests, { query: { projectId, type, createdFrom, status: status?.length ? status.join(',') : undefined, pageSize, startingToken } }),
      paging,
    ),
});
