import { Option, type Command } from 'commander';
import { AUTO_AUTH_METHODS, INJECT_TARGETS } from '../../../src/contract/project-auth.js';
import { projectAutoAuth } from '../../../src/ops/project-auto-auth.js';
import { idempotencyOption, secretFrom } from '../../inputs.js';
import type { Runtime } from '../../runtime.js';
import { renderProject } from './render.js';

export function registerProjectAutoAuth(group: Command, rt: Runtime): void {
  const cmd = group
    .command('auto-auth <project-id>')
    .description('Pro: fetch a fresh token before every backend run and inject it; --disable turns it off and keeps the config')
    .addOption(new Option('--method <method>', 'how to get the token').choices([...AUTO_AUTH_METHODS]))
    .addOption(new Option('--inject <target>', 'where the token goes').choices([...INJECT_TARGETS]))
    .option('--inject-key <name>', 'header or cookie name (for --inject header|cookie)')
    .option('--disable', 'turn auto-auth off; the stored configuration is kept')
    .option('--login-url <url>', 'password: the login endpoint')
    .addOption(new Option('--login-method <method>', 'password: POST or PUT (default POST)').choices(['POST', 'PUT']))
    .option('--login-content-type <type>', 'password: body content type (default application/json)')
    .option('--login-body-template <template>', 'password: body with {{username}} and {{password}} placeholders')
    .option('--username <name>', 'password: user name')
    .option('--password <password>', 'password: password (prefer --password-file)')
    .option('--password-file <path>', 'password: read the password from a file')
    .option('--token-path <jsonpath>', 'JSONPath of the token in the response (default $.access_token)')
    .option('--token-endpoint <url>', 'refresh_token: the token endpoint')
    .option('--client-id <id>', 'refresh_token / aws_cognito_refresh: client id')
    .option('--client-secret <secret>', 'client secret (prefer --client-secret-file)')
    .option('--client-secret-file <path>', 'read the client secret from a file')
    .option('--refresh-token <token>', 'the refresh token (prefer --refresh-token-file)')
    .option('--refresh-token-file <path>', 'read the refresh token from a file')
    .option('--scope <scope>', 'refresh_token: scope to request')
    .option('--region <region>', 'aws_cognito_refresh: AWS region, e.g. us-east-1');
  idempotencyOption(cmd).action(async (projectId: string, o) => {
    const p = await rt.exec(projectAutoAuth, {
      projectId,
      method: o.method,
      inject: o.inject,
      injectKey: o.injectKey,
      disable: o.disable,
      loginUrl: o.loginUrl,
      loginMethod: o.loginMethod,
      loginContentType: o.loginContentType,
      loginBodyTemplate: o.loginBodyTemplate,
      username: o.username,
      password: secretFrom(rt, o.password, o.passwordFile, '--password', '--password-file'),
      tokenPath: o.tokenPath,
      tokenEndpoint: o.tokenEndpoint,
      clientId: o.clientId,
      clientSecret: secretFrom(rt, o.clientSecret, o.clientSecretFile, '--client-secret', '--client-secret-file'),
      refreshToken: secretFrom(rt, o.refreshToken, o.refreshTokenFile, '--refresh-token', '--refresh-token-file'),
      scope: o.scope,
      region: o.region,
      idempotencyKey: o.idempotencyKey,
    });
    rt.emit(p, renderProject);
  });
}
