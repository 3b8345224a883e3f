import { IdempotencyKey } from '../contract/common.js';
import { createProject, Project, ProjectCreateBody } from '../contract/projects.js';
import { uuid } from '../util/ids.js';
import { defineOp, WRITE } from './op.js';
import { sampleProject } from './samples.js';
import { assertClientTargetUrl } from './target-check.js';

export const projectCreate = defineOp({
  name: 'project.create',
  title: 'Create a project',
  description:
    'Create a frontend (url required: the starting URL) or backend (url optional: the base URL) project. Optional test account (username, password) and instruction. Target URLs must be public http(s).',
  input: ProjectCreateBody.extend({ idempotencyKey: IdempotencyKey.optional().describe('Same key + same input returns the same project (default: a fresh UUID)') }),
  output: Project,
  annotations: WRITE,
  sample: (i) =>
    sampleProject({ name: i.name, type: i.type, url: i.url ?? null, username: i.username ?? null, password: i.password ? '****' : null, instruction: i.instruction ?? null }),
  async run(ctx, { idempotencyKey, ...body }) {
    if (body.url !== undefined) await assertClientTargetUrl(body.url, ctx.surface === 'cli' ? '--url' : 'url', ctx);
    return ctx.client().call(createProject, { body, idempotencyKey: idempotencyKey ?? uuid() });
  },
});
