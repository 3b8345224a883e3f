import { Id, IdempotencyKey } from '../contract/common.js';
import { SvcError } from '../contract/errors.js';
import { Project, ProjectCreateBody, updateProject } from '../contract/projects.js';
import { defineOp } from './op.js';
import { sampleProject } from './samples.js';
import { assertClientTargetUrl } from './target-check.js';

const Mutable = ProjectCreateBody.omit({ type: true }).partial();
export const MUTABLE_PROJECT_FIELDS = ['name', 'url', 'username', 'password', 'instruction'] as const;

export const projectUpdate = defineOp({
  name: 'project.update',
  title: 'Update a project',
  description: 'Change name, url, username, password or instruction. At least one is required.',
  input: Mutable.extend({ projectId: Id, idempotencyKey: IdempotencyKey.optional() }),
  output: Project,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  sample: (i) => sampleProject({ id: i.projectId, ...(i.name ? { name: i.name } : {}), ...(i.url ? { url: i.url } : {}) }),
  async run(ctx, { projectId, idempotencyKey, ...body }) {
    if (!MUTABLE_PROJECT_FIELDS.some((k) => body[k] !== undefined)) {
      throw new SvcError('VALIDATION_ERROR', 'nothing to update: give at least one of --name, --url, --username, --password, --password-file, --instruction');
    }
    if (body.url !== undefined) await assertClientTargetUrl(body.url, ctx.surface === 'cli' ? '--url' : 'url', ctx);
    return ctx.client().call(updateProject, { params: { projectId }, body, idempotencyKey });
  },
});
