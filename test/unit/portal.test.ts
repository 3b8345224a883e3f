import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openStore, type Store } from '../../src/store/db.js';
import { artifactKey } from '../../src/server/portal/artifacts.js';
import { DirArtifactStore } from '../../src/store/artifacts/dir-store.js';
import { safeNext } from '../../src/server/portal/guard.js';
import { html, raw } from '../../src/server/portal/html.js';
import { artifactHref } from '../../src/server/portal/run-frontend.js';
import { SessionStore } from '../../src/server/portal/sessions.js';

describe('html tag', () => {
  it('escapes every interpolated value unless it is already markup', () => {
    const name = `<img src=x onerror="alert('x')">&`;
    expect(html`<p title="${name}">${name}</p>`.text).toBe('<p title="&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;">&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;</p>');
    expect(html`<ul>${['a<', 'b'].map((x) => html`<li>${x}</li>`)}</ul>`.text).toBe('<ul><li>a&lt;</li><li>b</li></ul>');
    expect(html`${null}${undefined}${false}${0}${raw('<br>')}`.text).toBe('0<br>');
  });
});

describe('sessions', () => {
  let store: Store;
  beforeAll(async () => {
    store = openStore({ dataDir: join(mkdtempSync(join(tmpdir(), 'svc-portal-sessions-')), 'data') });
    await migrate(store);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('expire after their lifetime and are found only by the exact id', async () => {
    let now = 1_000;
    const sessions = new SessionStore(store.db, 60_000, () => now);
    const { id } = await sessions.create({ userId: 'u', keyId: 'k', userName: 'n' });
    expect((await sessions.get(id))?.userId).toBe('u');
    expect(await sessions.get(`${id}x`)).toBeUndefined();
    expect(await sessions.get(undefined)).toBeUndefined();
    now += 59_999;
    expect(await sessions.get(id)).toBeDefined();
    now += 1;
    expect(await sessions.get(id)).toBeUndefined();
    expect(await sessions.size()).toBe(0);
  });

  it('are kept by the hash of their id only, and seen by another store on the same database', async () => {
    const a = new SessionStore(store.db);
    const { id } = await a.create({ userId: 'u', keyId: 'k0', userName: 'n' });
    const rows = await store.db.selectFrom('portal_sessions').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(id);
    expect((await new SessionStore(store.db).get(id))?.keyId).toBe('k0');
    await new SessionStore(store.db).delete(id);
    expect(await a.get(id)).toBeUndefined();
  });

  it('end together when their key is dropped', async () => {
    const sessions = new SessionStore(store.db);
    const a = await sessions.create({ userId: 'u', keyId: 'k1', userName: 'n' });
    const b = await sessions.create({ userId: 'u', keyId: 'k2', userName: 'n' });
    await sessions.deleteByKey('k1');
    expect(await sessions.get(a.id)).toBeUndefined();
    expect(await sessions.get(b.id)).toBeDefined();
  });
});

describe('post-sign-in destination', () => {
  it('stays on the portal', () => {
    expect(safeNext('/portal/runs/run_1?tab=cleanup')).toBe('/portal/runs/run_1?tab=cleanup');
    for (const bad of ['//evil.example', 'https://evil.example/portal/', '/portal/../api', '/api/v1/me', '/portal//evil', undefined, '']) expect(safeNext(bad)).toBe('/portal/projects');
  });
});

describe('artifacts', () => {
  const data = mkdtempSync(join(tmpdir(), 'svc-portal-'));
  const dir = join(data, 'artifacts', 'runs', 'run_1');
  mkdirSync(join(dir, 'steps'), { recursive: true });
  writeFileSync(join(dir, 'steps', 'a b.png'), 'x');
  writeFileSync(join(data, 'secret.txt'), 'x');
  symlinkSync(join(data, 'secret.txt'), join(dir, 'link.txt'));

  const store = new DirArtifactStore(join(data, 'artifacts'));
  const resolveArtifact = async (runId: string, rel: string) => {
    const key = artifactKey(['runs', runId], rel);
    return key ? ((await store.stat(key))?.key ?? null) : null;
  };

  it('resolves files inside the run directory only', async () => {
    expect(await resolveArtifact('run_1', 'steps/a%20b.png')).toBe('runs/run_1/steps/a b.png');
    for (const bad of ['..%2F..%2F..%2Fsecret.txt', '%2e%2e/secret.txt', 'steps/../../secret.txt', 'steps%2F..%2F..%2Fsecret.txt', '..%5csecret.txt', 'link.txt', 'steps', 'steps/', '%zz', 'a%00b']) {
      expect(await resolveArtifact('run_1', bad), bad).toBeNull();
    }
    expect(await resolveArtifact('../run_1', 'steps/a%20b.png')).toBeNull();
  });

  it('links only plain relative paths', () => {
    expect(artifactHref('run_1', 'steps/step 1.png')).toBe('/portal/runs/run_1/artifacts/steps/step%201.png');
    for (const bad of ['/etc/passwd', '../x', 'a//b', '', 42, null]) expect(artifactHref('run_1', bad)).toBeNull();
  });
});
