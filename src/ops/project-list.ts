import { z } from 'zod';
import { listProjects, ProjectPage } from '../contract/projects.js';
import { defineOp, READ } from './op.js';
import { collectPages, PagingInput } from './paging.js';
import { sampleProject } from './samples.js';

export const projectList = defineOp({
  name: 'project.list',
  title: 'List projects',
  description: 'Projects of the calling user, oldest first. nextToken is set when another page exists; maxItems auto-pages.',
  input: z.object(PagingInput),
  output: ProjectPage,
  annotations: READ,
  sample: () => ({ items: [sampleProject(), sampleProject({ id: 'prj_0000000001sample', name: 'Sample API', type: 'backend', url: 'https://api.example.com' })], nextToken: null }),
  run: (ctx, i) =>
    collectPages((pageSize, startingToken) => ctx.client().call(listProjects, { query: { pageSize, startingToken } }), i),
});
