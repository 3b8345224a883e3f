import { z } from 'zod';
import { Id } from '../contract/common.js';
import { FileName, ProjectFileRemoved, removeProjectFile } from '../contract/project-files.js';
import { defineOp } from './op.js';

export const projectFilesRemove = defineOp({
  name: 'project.files-remove',
  title: 'Remove a project file',
  description: 'Remove a file frontend tests pick in file choosers (name case-sensitive).',
  input: z.object({ projectId: Id, name: FileName }),
  output: ProjectFileRemoved,
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  sample: (i) => ({ projectId: i.projectId, name: i.name, deleted: true as const }),
  run: (ctx, i) => ctx.client().call(removeProjectFile, { params: { projectId: i.projectId, name: i.name } }),
});
