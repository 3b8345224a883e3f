import type { Command } from 'commander';
import { migrate, openStore } from '../../src/store/db.js';
import { addStoreOptions, storeOptions } from './common.js';

export function registerMigrate(program: Command, out: (s: string) => void): void {
  addStoreOptions(program.command('migrate'))
    .description('apply pending database migrations and exit (start does this too)')
    .action(async (o) => {
      const store = openStore(storeOptions(o));
      try {
        const res = await migrate(store);
        const applied = (res.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
        out(applied.length ? `applied: ${applied.join(', ')}\n` : `up to date (${store.dialect} ${store.location})\n`);
      } finally {
        await store.close();
      }
    });
}
