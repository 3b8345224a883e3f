import { z } from 'zod';
import { Id } from '../contract/common.js';
import { getProject, Project } from '../contract/projects.js';
import { defineOp, READ } from './op.js';
import { sampleProject } from './samples.js';

export const projectGet = defineOp({
  name: 'project.get',
  title: 'Get a project',
  description: 'One project: id, name, type, createdFrom, timestamps, URL, test account and credentials (secrets masked).',
  input: z.object({ projectId: Id }),
  output: Project,
  annotations: READ,
  sample: (i) => sampleProject({ id: i.projectId }),
  run: (ctx, i) => ctx.client().call(getProject, { params: { projectId: i.projectId } }),
});
