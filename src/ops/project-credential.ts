import { z } from 'zod';
import { Id, IdempotencyKey } from '../contract/common.js';
import { SvcError } from '../contract/errors.js';
import { CredentialType } from '../contract/project-auth.js';
import { Project, setProjectCredential } from '../contract/projects.js';
import { defineOp } from './op.js';
import { sampleProject } from './samples.js';

export const projectCredential = defineOp({
  name: 'project.credential',
  title: 'Set the static backend credential',
  description: "Static credential injected into every backend run: 'public', 'Bearer token', 'API key' or 'basic token'. credential is required unless public. Stored encrypted, shown masked.",
  input: z.object({ projectId: Id, type: CredentialType, credential: z.string().min(1).optional(), idempotencyKey: IdempotencyKey.optional() }),
  output: Project,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  sample: (i) => sampleProject({ id: i.projectId, type: 'backend', url: 'https://api.example.com', credential: { type: i.type, value: i.type === 'public' ? null : '****' } }),
  async run(ctx, i) {
    if (i.type !== 'public' && i.credential === undefined) {
      throw new SvcError('VALIDATION_ERROR', `a '${i.type}' credential needs a value: --credential or --credential-file`);
    }
    if (i.type === 'public' && i.credential !== undefined) throw new SvcError('VALIDATION_ERROR', "a 'public' credential takes no value: drop --credential");
    return ctx.client().call(setProjectCredential, { params: { projectId: i.projectId }, body: { type: i.type, value: i.credential }, idempotencyKey: i.idempotencyKey });
  },
});
