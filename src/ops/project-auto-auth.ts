import { Id, IdempotencyKey } from '../contract/common.js';
import { SvcError } from '../contract/errors.js';
import { AutoAuthBody } from '../contract/project-auth.js';
import { Project, setProjectAutoAuth } from '../contract/projects.js';
import { defineOp } from './op.js';
import { sampleProject } from './samples.js';

export const projectAutoAuth = defineOp({
  name: 'project.auto-auth',
  title: 'Configure auto-auth (Pro)',
  description:
    'Fetch a fresh token before every backend run and inject it (bearer, header or cookie). Methods: password (loginUrl, username, password, tokenPath), refresh_token (tokenEndpoint, clientId, clientSecret, refreshToken, scope), aws_cognito_refresh (region plus the refresh_token settings). disable: true turns it off and keeps the stored configuration.',
  input: AutoAuthBody.extend({ projectId: Id, idempotencyKey: IdempotencyKey.optional() }),
  output: Project,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  sample: (i) =>
    sampleProject({
      id: i.projectId,
      type: 'backend',
      url: 'https://api.example.com',
      autoAuth: i.disable
        ? { enabled: false, method: 'refresh_token', inject: 'bearer', tokenEndpoint: 'https://auth.example.com/oauth/token', clientId: 'svc', refreshToken: '****' }
        : { enabled: true, method: i.method ?? 'refresh_token', inject: i.inject ?? 'bearer', tokenEndpoint: 'https://auth.example.com/oauth/token', clientId: 'svc', refreshToken: '****' },
    }),
  async run(ctx, { projectId, idempotencyKey, ...body }) {
    if (!body.disable && (!body.method || !body.inject)) {
      throw new SvcError('VALIDATION_ERROR', 'auto-auth needs --method (password, refresh_token, aws_cognito_refresh) and --inject (bearer, header, cookie), or --disable');
    }
    return ctx.client().call(setProjectAutoAuth, { params: { projectId }, body, idempotencyKey });
  },
});
