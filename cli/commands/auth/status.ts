import type { Command } from 'commander';
import { authStatus, missingWorkScopes } from '../../../src/ops/auth-status.js';
import { renderFields } from '../../../src/output/table.js';
import type { Runtime } from '../../runtime.js';

export function registerAuthStatus(auth: Command, rt: Runtime): void {
  auth
    .command('status')
    .description("identity of the configured key: userId, name, email, keyId, env, scopes")
    .action(async () => {
      const me = await rt.exec(authStatus, {});
      rt.emit(me, (m) => {
        let s = renderFields([
          ['userId', m.userId],
          ['name', m.name],
          ['email', m.email],
          ['keyId', m.keyId],
          ['env', m.env],
          ['scopes', m.scopes],
        ]);
        const missing = missingWorkScopes(m.scopes);
        if (missing.length) s += `note: this key lacks ${missing.join(', ')}; commands that create or run tests will fail with exit 3\n`;
        return s;
      });
    });
}
