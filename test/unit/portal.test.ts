import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveArtifact } from '../../src/server/portal/artifacts.js';
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
  it('expire after their lifetime and are found only by the exact id', () => {
    let now = 1_000;
    const store = new SessionStore(60_000, () => now);
    const { id } = store.create({ userId: 'u', keyId: 'k', userName: 'n' });
    expect(store.get(id)?.userId).toBe('u');
    expect(store.get(`${id}x`)).toBeUndefined();
    expect(store.get(undefined)).toBeUndefined();
    now += 59_999;
    expect(store.get(id)).toBeDefined();
    now += 1;
    expect(store.get(id)).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('end together when their key is dropped', () => {
    const store = new SessionStore();
    const a = store.create({ userId: 'u', keyId: 'k1', userName: 'n' });
    const b = store.create({ userId: 'u', keyId: 'k2', userName: 'n' });
    store.deleteByKey('k1');
    expect(store.get(a.id)).toBeUndefined();
    expect(store.get(b.id)).toBeDefined();
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

  it('resolves files inside the run directory only', () => {
    expect(resolveArtifact(data, 'run_1', 'steps/a%20b.png')).toBe(join(dir, 'steps', 'a b.png'));
    for (const bad of ['..%2F..%2F..%2Fsecret.txt', '%2e%2e/secret.txt', 'steps/../../secret.txt', 'steps%2F..%2F..%2Fsecret.txt', '..%5csecret.txt', 'link.txt', 'steps', 'steps/', '%zz', 'a%00b']) {
      expect(resolveArtifact(data, 'run_1', bad), bad).toBeNull();
    }
    expect(resolveArtifact(data, '../run_1', 'steps/a%20b.png')).toBeNull();
  });

  it('links only plain relative paths', () => {
    expect(artifactHref('run_1', 'steps/step 1.png')).toBe('/portal/runs/run_1/artifacts/steps/step%201.png');
    for (const bad of ['/etc/passwd', '../x', 'a//b', '', 42, null]) expect(artifactHref('run_1', bad)).toBeNull();
  });
});
