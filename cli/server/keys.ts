import type { Command } from 'commander';
import { SCOPES, type Scope } from '../../src/contract/endpoint.js';
import { SvcError } from '../../src/contract/errors.js';
import { migrate, openStore } from '../../src/store/db.js';
import { createKey, listKeys, revokeKey } from '../../src/store/repos/keys.js';
import { addStoreOptions, numberArg, storeOptions } from './common.js';
import { renderTable } from '../../src/output/table.js';

function parseScopes(v: string): Scope[] {
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  for (const s of list) {
    if (!(SCOPES as readonly string[]).includes(s)) {
      throw new SvcError('VALIDATION_ERROR', `unknown scope '${s}'`, { nextAction: `Use any of: ${SCOPES.join(', ')}` });
    }
  }
  return list as Scope[];
}

async function withStore<T>(opts: { dataDir?: string; databaseUrl?: string }, fn: (db: ReturnType<typeof openStore>['db']) => Promise<T>): Promise<T> {
  const store = openStore(storeOptions(opts));
  try {
    await migrate(store);
    return await fn(store.db);
  } finally {
    await store.close();
  }
}

export function registerKeys(program: Command, out: (s: string) => void): void {
  const keys = program.command('keys').description('manage API keys (stored hashed; a key is shown once, at creation)');

  addStoreOptions(keys.command('create'))
    .description('create a key and print it alone on stdout')
    .requiredOption('--name <name>', 'owner or purpose of the key')
    .option('--email <email>', 'owner email; keys with the same email share projects')
    .option('--scopes <list>', `comma-separated scopes (default: all of ${SCOPES.join(',')})`)
    .option('--credits <n>', 'credit balance; runs are charged against it (default: unmetered)', numberArg(0))
    .option('--credits-per-run <n>', 'credits each triggered run costs (default 1 when --credits is set)', numberArg(0))
    .option('--plan <name>', "plan name reported as subPlan; 'free' gates Pro features such as auto-auth")
    .action(async (o) => {
      const scopes = o.scopes ? parseScopes(o.scopes) : undefined;
      const { key } = await withStore(o, (db) =>
        createKey(db, {
          name: o.name,
          email: o.email,
          scopes,
          credits: o.credits,
          creditsPerRun: o.creditsPerRun ?? (o.credits !== undefined ? 1 : undefined),
          subPlan: o.plan,
        }),
      );
      out(`${key}\n`);
    });

  addStoreOptions(keys.command('list'))
    .description('list keys (never shows the keys themselves)')
    .option('--json', 'print JSON')
    .action(async (o) => {
      const list = await withStore(o, (db) => listKeys(db));
      if (o.json) return out(`${JSON.stringify(list, null, 2)}\n`);
      out(
        renderTable(
          ['KEY ID', 'NAME', 'EMAIL', 'PREFIX', 'SCOPES', 'CREATED', 'STATUS'],
          list.map((k) => [k.keyId, k.name, k.email ?? '-', `${k.prefix}…`, k.scopes.join(','), k.createdAt, k.revokedAt ? `revoked ${k.revokedAt}` : 'active']),
        ),
      );
    });

  addStoreOptions(keys.command('revoke'))
    .description('revoke a key; requests with it fail with 401 from then on')
    .argument('<keyId>')
    .action(async (keyId: string, o) => {
      const rec = await withStore(o, (db) => revokeKey(db, keyId));
      if (!rec) throw new SvcError('NOT_FOUND', `no key ${keyId}`, { nextAction: "List keys with 'svc-server keys list'." });
      out(`revoked ${rec.keyId} (${rec.name})\n`);
    });
}
