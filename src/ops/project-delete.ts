import { z } from 'zod';
import { Id } from '../contract/common.js';
import { deleteProject, ProjectDeleted } from '../contract/projects.js';
import { defineOp } from './op.js';

export const projectDelete = defineOp({
  name: 'project.delete',
  title: 'Delete a project',
  description: 'Permanently delete a project and everything under it (all its tests). No restore window. confirm must be true.',
  input: z.object({ projectId: Id, confirm: z.literal(true, { error: 'deleting a project needs confirm: true (--confirm)' }) }),
  output: ProjectDeleted,
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  sample: (i) => ({ id: i.projectId, deleted: true as const, testsDeleted: 3 }),
  run: (ctx, i) => ctx.client().call(deleteProject, { params: { projectId: i.projectId } }),
});
