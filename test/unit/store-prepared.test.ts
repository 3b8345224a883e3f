import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openStore, type Store } from '../../src/store/db.js';
import { prepared, preparedInsert } from '../../src/store/prepared.js';
import { createKey, findActiveKey, revokeKey } from '../../src/store/repos/keys.js';

/** Queries compiled once and run with each call's values: right rows, per store, nothing stale. */
const stores: Store[] = [];
async function freshStore(): Promise<Store> {
  const store = openStore({ dataDir: join(mkdtempSync(join(tmpdir(), 'svc-prepared-')), 'data') });
  await migrate(store);
  stores.push(store);
  return store;
}
let a: Store;
let b: Store;
beforeAll(async () => {
  a = await freshStore();
  b = await freshStore();
});
afterAll(async () => {
  for (const s of stores) await s.close();
});

const usersByName = prepared((db, name: string, email: string) => db.selectFrom('users').select(['id', 'name']).where('name', '=', name).where('email', '=', email).orderBy('id'));

describe('prepared queries', () => {
  it('binds each call its own values and leaves the query constants alone', async () => {
    const ann = await createKey(a.db, { name: 'ann', email: 'ann@example.com' });
    const bob = await createKey(a.db, { name: 'bob', email: 'bob@example.com' });
    expect((await findActiveKey(a.db, ann.key))?.userName).toBe('ann');
    expect((await findActiveKey(a.db, bob.key))?.userName).toBe('bob');
    expect(await findActiveKey(a.db, 'svc_unknownunknownunknown')).toBeUndefined();
    // `revoked_at is null` is part of the compiled query, not a value: a revoked key is not found.
    await revokeKey(a.db, bob.record.keyId);
    expect(await findActiveKey(a.db, bob.key)).toBeUndefined();
    expect((await findActiveKey(a.db, ann.key))?.userName).toBe('ann');
    expect(await usersByName(a.db, 'ann', 'ann@example.com')).toEqual([{ id: ann.record.userId, name: 'ann' }]);
    expect(await usersByName(a.db, 'ann', 'bob@example.com')).toEqual([]);
  });

  it('keeps one compiled query per store: each store answers from its own data', async () => {
    const carol = await createKey(b.db, { name: 'carol', email: 'carol@example.com' });
    expect((await findActiveKey(b.db, carol.key))?.userName).toBe('carol');
    expect(await findActiveKey(a.db, carol.key)).toBeUndefined();
  });

  it('runs in a transaction, committed or rolled back with it', async () => {
    const addUser = preparedInsert('users', 50);
    const now = new Date().toISOString();
    await a.db.transaction().execute(async (trx) => {
      await addUser(trx, [{ id: 'usr_kept', name: 'kept', email: null, created_at: now }]);
    });
    await expect(
      a.db.transaction().execute(async (trx) => {
        await addUser(trx, [{ id: 'usr_gone', name: 'gone', email: 'gone@example.com', created_at: now }]);
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    // Another set of columns, or number of rows, is a statement of its own; long lists go in parts.
    await addUser(a.db, [{ id: 'usr_short', name: 'short', created_at: now }]);
    const many = Array.from({ length: 120 }, (_, i) => ({ id: `usr_m${String(i).padStart(3, '0')}`, name: `m${i}`, email: `m${i}@example.com`, created_at: now }));
    await addUser(a.db, many);
    const rows = await a.db.selectFrom('users').select(['id', 'email']).where('id', 'in', ['usr_kept', 'usr_gone', 'usr_short']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'usr_kept', email: null },
      { id: 'usr_short', email: null },
    ]);
    const stored = await a.db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'like', 'usr_m%').orderBy('id').execute();
    expect(stored).toEqual(many.map(({ id, name, email }) => ({ id, name, email })));
  });

  it('refuses a query that does not bind every argument', async () => {
    const unbound = prepared((db, _name: string, email: string) => db.selectFrom('users').select('id').where('email', '=', email));
    await expect(unbound(a.db, 'ann', 'ann@example.com')).rejects.toThrow(/argument 0 is not a bound value/);
  });
});
