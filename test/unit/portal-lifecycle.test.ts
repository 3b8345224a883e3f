import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SvcError } from '../../src/contract/errors.js';
import { createApp } from '../../src/server/app.js';
import type { ServerDeps } from '../../src/server/context.js';
import { inProcessAuth, inProcessEnv } from '../../src/server/in-process.js';
import { favicon } from '../../src/server/portal/favicon.js';
import { field } from '../../src/server/portal/forms.js';
import { fieldErrors } from '../../src/server/portal/op-client.js';
import { endpointFieldErrors, selectionChanges } from '../../src/server/portal/actions-lifecycle.js';
import { progressText } from '../../src/server/portal/page-lifecycle.js';
import { autoAuthField } from '../../src/server/portal/page-project-form.js';
import { containsPattern, passRate } from '../../src/server/portal/page-projects.js';
import { migrate, openStore, type Store } from '../../src/store/db.js';
import { createKey, type KeyRecord } from '../../src/store/repos/keys.js';
import { createBatches, type TriggerRequest } from '../../src/engine/trigger.js';
import { ROOT } from '../helpers/paths.js';

describe('portal form logic', () => {
  it('maps API and op errors to the form fields they name', () => {
    const zod = new SvcError('VALIDATION_ERROR', 'body.name: name must not be empty', { details: { issues: [{ field: 'body.name', reason: 'name must not be empty' }, { field: 'body.url', reason: 'URL must be at most 2048 characters' }] } });
    expect(fieldErrors(zod, ['name', 'url'])).toEqual({ name: 'name must not be empty', url: 'URL must be at most 2048 characters' });
    expect(fieldErrors(new SvcError('VALIDATION_ERROR', "url: scheme 'ftp:' is not allowed"), ['name', 'url'])).toEqual({ url: "scheme 'ftp:' is not allowed" });
    expect(fieldErrors(new SvcError('VALIDATION_ERROR', '--url: must be public'), ['url'])).toEqual({ url: 'must be public' });
    // A message about something the form does not have stays a general error.
    expect(fieldErrors(new SvcError('NOT_FOUND', 'project: not found'), ['name'])).toEqual({});
    expect(fieldErrors(new SvcError('FORBIDDEN', "this key lacks the 'write:projects' scope"), ['name'])).toEqual({});
  });

  it('ties an error and a hint to the control, and escapes what was typed', () => {
    const out = field({ name: 'url', label: 'URL', value: '"><script>x</script>', error: 'not a URL', hint: 'public http(s)' }).text;
    expect(out).toContain('<label for="f-url">URL</label>');
    expect(out).toContain('aria-describedby="f-url-err f-url-hint"');
    expect(out).toContain('aria-invalid="true"');
    expect(out).toContain('id="f-url-err"');
    expect(out).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(field({ name: 'n', label: 'N' }).text).not.toContain('aria-describedby');
  });

  it('places auto-auth problems on their fields', () => {
    expect(autoAuthField("method 'password' needs --login-url")).toBe('aa_loginUrl');
    expect(autoAuthField("method 'password' needs --password or --password-file")).toBe('aa_password');
    expect(autoAuthField("inject 'header' needs --inject-key (the header name)")).toBe('aa_injectKey');
    expect(autoAuthField('--method is required (password, refresh_token or aws_cognito_refresh)')).toBe('aa_method');
    expect(autoAuthField('auto-auth is a Pro feature')).toBe('autoAuth');
  });

  it('turns the ticks of a plan form into the changes to send', () => {
    const cases = [{ id: 'a', selected: true }, { id: 'b', selected: true }, { id: 'c', selected: false }, { id: 'd', selected: false }];
    // 'd' was not on the page: untouched, whatever the form says.
    expect(selectionChanges(cases, ['a', 'b', 'c'], ['a', 'c'])).toEqual({ select: ['c'], deselect: ['b'] });
    expect(selectionChanges(cases, ['a', 'b', 'c'], ['a', 'b'])).toEqual({ select: [], deselect: [] });
  });

  it('ties a refused endpoint change to the field its message is about', () => {
    const e = (m: string) => new SvcError('VALIDATION_ERROR', m);
    expect(endpointFieldErrors(e('Path "/a?b=1" is not a path template'), {}, 'add')).toEqual({ path: 'Path "/a?b=1" is not a path template' });
    expect(endpointFieldErrors(e('Endpoint GET /tags already exists'), {}, 'update')).toEqual({ path: 'Endpoint GET /tags already exists' });
    expect(endpointFieldErrors(e('Method "FETCH" is not one of GET, POST'), {}, 'add')).toEqual({ method: 'Method "FETCH" is not one of GET, POST' });
    expect(endpointFieldErrors(e('Auth type "token" is not one of none, bearer, apiKey, basic'), {}, 'setFamilyAuth')).toEqual({ auth: 'Auth type "token" is not one of none, bearer, apiKey, basic' });
    expect(endpointFieldErrors(e('No endpoint family orders'), {}, 'setFamilyAuth')).toEqual({ family: 'No endpoint family orders' });
    // The input schema's own field wins; anything else stays a general error.
    expect(endpointFieldErrors(e('path: Too small'), { path: 'Too small' }, 'add')).toEqual({ path: 'Too small' });
    expect(endpointFieldErrors(e('No endpoint GET /x'), {}, 'update')).toEqual({});
  });

  it('searches with a literal pattern and computes the pass rate from verdicts', () => {
    expect(containsPattern('Shop')).toBe('%shop%');
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
    expect(passRate({ passed: 3, failed: 1, ready: 10 })).toEqual({ passed: 3, judged: 4, percent: 75 });
    expect(passRate({ passed: 2, blocked: 1 })).toEqual({ passed: 2, judged: 3, percent: 67 });
    expect(passRate({ ready: 5, queued: 2 })).toBeNull();
  });

  it('summarises a batch in progress', () => {
    expect(progressText({ batchId: 'b', status: 'running', phase: 'tests', total: 10, finished: 4, counts: { passed: 3, failed: 1, running: 6 } })).toBe('Running… 4 of 10 finished (3 passed, 1 failed, 6 running)');
    expect(progressText({ batchId: 'b', status: 'failed', phase: 'cleanup', total: 2, finished: 2, counts: { passed: 1, failed: 1 } })).toBe('Running cleanup sweep… 2 of 2 finished (1 passed, 1 failed)');
    expect(progressText({ batchId: 'b', status: 'passed', phase: 'done', total: 1, finished: 1, counts: { passed: 1 } })).toBe('1 of 1 finished (1 passed)');
  });

  it('draws a 32×32 icon in a valid .ico', () => {
    const ico = favicon();
    expect([...ico.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
    expect([ico[6], ico[7]]).toEqual([32, 32]);
    expect(ico.readUInt32LE(14)).toBe(ico.length - 22);
    expect(ico.readUInt32LE(18)).toBe(22);
    const px = (x: number, y: number) => {
      const at = 22 + 40 + ((31 - y) * 32 + x) * 4;
      return [ico[at + 2], ico[at + 1], ico[at], ico[at + 3]];
    };
    expect(px(0, 0)[3]).toBe(0); // rounded corner: transparent
    expect(px(4, 16)).toEqual([0x2f, 0x5b, 0xd3, 255]); // brand blue
    expect(px(14, 22)).toEqual([255, 255, 255, 255]); // the check mark
  });
});

describe('portal server parts in process', () => {
  const ORIGIN = 'http://portal.test';
  let store: Store;
  let deps: ServerDeps;
  let ann: { key: string; record: KeyRecord };
  let bob: { key: string; record: KeyRecord };
  let batchId: string;

  beforeAll(async () => {
    store = openStore({ dataDir: join(mkdtempSync(join(tmpdir(), 'svc-portal-lifecycle-')), 'data') });
    await migrate(store);
    const engine = { ctx: { executors: {} }, frontendAvailable: false, enqueueBatch: async () => undefined, createBatches: (req: TriggerRequest, n = 1) => createBatches(store.db, req, n) };
    deps = { store, config: { version: '0', env: 'test', targetPolicy: { allowPrivate: true }, publicUrl: ORIGIN, triggerRatePerMinute: 60 }, services: { engine } };
    ann = await createKey(store.db, { name: 'ann', email: 'ann@example.com' });
    bob = await createKey(store.db, { name: 'bob', email: 'bob@example.com' });
    const now = new Date().toISOString();
    await store.db.insertInto('projects').values({ id: 'prj_l', user_id: ann.record.userId, name: 'L', type: 'backend', created_from: 'cli', url: 'http://127.0.0.1:9', username: null, password: null, instruction: null, credential: null, auto_auth: null, settings: '{}', created_at: now, updated_at: now }).execute();
    for (const id of ['tst_1', 'tst_2']) {
      await store.db.insertInto('tests').values({ id, project_id: 'prj_l', user_id: ann.record.userId, name: id, type: 'backend', created_from: 'cli', status: 'ready', description: null, priority: null, plan_steps: null, code: 'pass', code_version: 1, produces: '[]', consumes: '[]', category: null, resolved_script: null, last_run_id: null, created_at: now, updated_at: now }).execute();
    }
    const [res] = await engine.createBatches({ userId: ann.record.userId, keyId: ann.record.keyId, source: 'portal', projectId: 'prj_l', kind: 'project', rerun: false, skipDependencies: false, frontendAvailable: false });
    batchId = res!.batchId;
  });
  afterAll(async () => {
    await store?.close();
  });

  async function cookieOf(app: ReturnType<typeof createApp>, key: string): Promise<string> {
    const res = await app.request(`${ORIGIN}/portal/sign-in`, { method: 'POST', headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ key }).toString() });
    return res.headers.getSetCookie()[0]!.split(';')[0]!;
  }

  it('authenticates an in-process call by its env only, never by anything a request can carry', async () => {
    const app = createApp(deps);
    expect(inProcessAuth({ incoming: {}, outgoing: {} })).toBeUndefined();
    expect(inProcessAuth(undefined)).toBeUndefined();
    expect((await app.request(`${ORIGIN}/api/v1/me`)).status).toBe(401);
    const me = await app.request(`${ORIGIN}/api/v1/me`, {}, inProcessEnv(ann.record));
    expect(me.status).toBe(200);
    expect(((await me.json()) as { userId: string }).userId).toBe(ann.record.userId);
  });

  it('streams a batch as server-sent events: progress, then done when the batch is', async () => {
    const app = createApp(deps);
    const cookie = await cookieOf(app, ann.key);
    await store.db.updateTable('runs').set({ status: 'passed', verdict: 'passed' }).where('batch_id', '=', batchId).execute();
    await store.db.updateTable('batches').set({ status: 'passed', phase: 'done' }).where('id', '=', batchId).execute();
    const res = await app.request(`${ORIGIN}/portal/batches/${batchId}/events`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = (await res.text()).trim().split('\n\n').map((block) => Object.fromEntries(block.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()])));
    expect(events.map((e) => e.event)).toEqual(['progress', 'done']);
    expect(JSON.parse(events[1]!.data!)).toEqual({ batchId, status: 'passed', phase: 'done', total: 2, finished: 2, counts: { passed: 2 } });
    // Another user's batch is not there at all; signed out, the stream is not served.
    const other = await app.request(`${ORIGIN}/portal/batches/${batchId}/events`, { headers: { cookie: await cookieOf(app, bob.key) } });
    expect(other.status).toBe(404);
    expect((await app.request(`${ORIGIN}/portal/batches/${batchId}/events`)).status).toBe(303);
  });

  it('serves /favicon.ico as an icon, not a JSON 404', async () => {
    const res = await createApp(deps).request(`${ORIGIN}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/x-icon');
    expect(Buffer.from(await res.arrayBuffer()).equals(favicon())).toBe(true);
  });

  it('creates a frontend project through the op, createdFrom portal; a refused form keeps its values', async () => {
    const app = createApp(deps);
    const cookie = await cookieOf(app, ann.key);
    const post = (path: string, form: Record<string, string>) =>
      app.request(`${ORIGIN}${path}`, { method: 'POST', headers: { origin: ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
    // No URL for a frontend project: the API's own rule, shown next to the URL field.
    const refused = await post('/portal/projects/new', { name: 'Shop <UI>', type: 'frontend', username: 'shopper', instruction: 'checkout only' });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toMatch(/id="f-url-err"><span aria-hidden="true">✗ <\/span>a frontend project needs a starting URL/);
    expect(page).toContain('value="Shop &lt;UI&gt;"');
    expect(page).toContain('value="shopper"');
    expect(page).toContain('>checkout only</textarea>');
    const ok = await post('/portal/projects/new', { name: 'Shop UI', type: 'frontend', url: 'http://127.0.0.1:9/shop', username: 'shopper', password: 's3cret-pass', idempotencyKey: 'idem-portal-1' });
    expect(ok.status).toBe(303);
    const id = /\/portal\/projects\/(prj_[^?]+)\?saved=created/.exec(ok.headers.get('location') ?? '')![1]!;
    const row = await store.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Shop UI', type: 'frontend', created_from: 'portal', username: 'shopper' });
    // The same form sent twice (a double click) makes one project.
    const again = await post('/portal/projects/new', { name: 'Shop UI', type: 'frontend', url: 'http://127.0.0.1:9/shop', username: 'shopper', password: 's3cret-pass', idempotencyKey: 'idem-portal-1' });
    expect(again.headers.get('location')).toBe(ok.headers.get('location'));
    expect(await store.db.selectFrom('projects').select('id').where('name', '=', 'Shop UI').execute()).toHaveLength(1);
    // The edit form never shows the stored password.
    const edit = await (await app.request(`${ORIGIN}/portal/projects/${id}/edit`, { headers: { cookie } })).text();
    expect(edit).not.toContain('s3cret-pass');
    expect(edit).toContain('A password is stored. Leave blank to keep it.');
    // Bob cannot open or change it.
    const bobCookie = await cookieOf(app, bob.key);
    expect((await app.request(`${ORIGIN}/portal/projects/${id}/edit`, { headers: { cookie: bobCookie } })).status).toBe(404);
    await store.db.deleteFrom('projects').where('id', '=', id).execute();
  });

  it('takes pasted API docs, drafts the plan and (de)selects a whole category through the ops', async () => {
    const app = createApp(deps);
    const cookie = await cookieOf(app, ann.key);
    const post = (path: string, form: Record<string, string>) =>
      app.request(`${ORIGIN}${path}`, { method: 'POST', headers: { origin: ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
    const empty = await post('/portal/projects/prj_l/docs', { docsText: '   ' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toMatch(/id="docs-error">choose a file or paste the document/);
    const doc = readFileSync(join(ROOT, 'fixtures/target-api/openapi.yaml'), 'utf8');
    // A key that may read but not write: refused by the API's scope check, the pasted text kept.
    const reader = await createKey(store.db, { name: 'ann', email: 'ann@example.com', scopes: ['read:me', 'read:projects', 'read:tests'] });
    const readerCookie = await cookieOf(app, reader.key);
    const denied = await app.request(`${ORIGIN}/portal/projects/prj_l/docs`, { method: 'POST', headers: { origin: ORIGIN, cookie: readerCookie, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ docsText: doc }).toString() });
    expect(denied.status).toBe(403);
    const deniedPage = await denied.text();
    expect(deniedPage).toContain("lacks the &#39;write:projects&#39; scope");
    expect(deniedPage).toContain('openapi: 3.0.3');
    const up = await post('/portal/projects/prj_l/docs', { docsText: doc });
    expect(up.status).toBe(303);
    expect(up.headers.get('location')).toBe('/portal/projects/prj_l?saved=docs#endpoints');
    expect((await post('/portal/projects/prj_l/plan/generate', { instructions: '' })).status).toBe(303);
    const page = await (await app.request(`${ORIGIN}/portal/projects/prj_l`, { headers: { cookie } })).text();
    expect(page).toMatch(/<span class="method">GET<\/span> <span class="mono">\/users<\/span>/);
    const plan = async () => ((await (await app.request(`${ORIGIN}/api/v1/projects/prj_l/plan`, {}, inProcessEnv(ann.record))).json()) as { cases: { category: string; selected: boolean }[] }).cases;
    const security = (await plan()).filter((x) => x.category === 'security');
    expect(security.length).toBeGreaterThan(0);
    expect(page).toContain('aria-label="Select none of the security cases"');
    expect((await post('/portal/projects/prj_l/plan/category', { category: 'security', selected: 'false' })).status).toBe(303);
    const after = await plan();
    expect(after.filter((x) => x.category === 'security').every((x) => !x.selected)).toBe(true);
    expect(after.filter((x) => x.category === 'functional').every((x) => x.selected)).toBe(true);
  });

  it('edits a backend project: credential and auto-auth through their ops, each problem on its field', async () => {
    const app = createApp(deps);
    const cookie = await cookieOf(app, ann.key);
    const post = (form: Record<string, string>) =>
      app.request(`${ORIGIN}/portal/projects/prj_l/edit`, { method: 'POST', headers: { origin: ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
    const base = { name: 'L', url: 'http://127.0.0.1:9', instruction: 'only users' };
    // A credential type without its value; auto-auth by password without the login URL.
    const refused = await post({ ...base, credentialType: 'API key', aa_method: 'password', aa_inject: 'header', aa_username: 'svc-bot', aa_password: 'pw-typed-here' });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toMatch(/id="f-credential-err">[^]*?needs a value/);
    expect(html).toMatch(/id="f-aa_loginUrl-err">[^]*?--login-url/);
    expect(html).toMatch(/id="f-aa_injectKey-err">[^]*?--inject-key/);
    expect(html).toContain('value="svc-bot"');
    expect(html).toContain('value="pw-typed-here"');
    expect(html).toContain('>only users</textarea>');
    // Nothing was changed by the refused form.
    const before = await store.db.selectFrom('projects').select(['instruction', 'credential', 'auto_auth']).where('id', '=', 'prj_l').executeTakeFirstOrThrow();
    expect(before).toEqual({ instruction: null, credential: null, auto_auth: null });

    const ok = await post({ ...base, credentialType: 'API key', credential: 'k-123456789012', aa_method: 'password', aa_inject: 'header', aa_injectKey: 'X-Token', aa_loginUrl: 'http://127.0.0.1:9/login', aa_username: 'svc-bot', aa_password: 'pw-typed-here' });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/portal/projects/prj_l?saved=updated');
    const p = (await (await app.request(`${ORIGIN}/api/v1/projects/prj_l`, {}, inProcessEnv(ann.record))).json()) as Record<string, any>;
    expect(p).toMatchObject({ instruction: 'only users', credential: { type: 'API key', value: '****9012' }, autoAuth: { enabled: true, method: 'password', inject: 'header', injectKey: 'X-Token', username: 'svc-bot' } });
    const edit = await (await app.request(`${ORIGIN}/portal/projects/prj_l/edit`, { headers: { cookie } })).text();
    expect(edit).not.toContain('k-123456789012');
    expect(edit).not.toContain('pw-typed-here');
    expect(edit).toContain('Currently on (method password, injected as header).');
    // Left at "keep", a changed setting is saved with the stored method; a typed value keeps the credential's type.
    expect((await post({ ...base, aa_inject: 'header', aa_injectKey: 'X-Auth', aa_loginUrl: 'http://127.0.0.1:9/login', aa_username: 'svc-bot', credential: 'k-999999999999' })).status).toBe(303);
    const kept = (await (await app.request(`${ORIGIN}/api/v1/projects/prj_l`, {}, inProcessEnv(ann.record))).json()) as Record<string, any>;
    expect(kept).toMatchObject({ credential: { type: 'API key', value: '****9999' }, autoAuth: { enabled: true, method: 'password', injectKey: 'X-Auth', password: expect.stringMatching(/^\*+/) } });
    // Turning it off keeps the settings.
    expect((await post({ ...base, aa_method: 'off' })).status).toBe(303);
    const off = (await (await app.request(`${ORIGIN}/api/v1/projects/prj_l`, {}, inProcessEnv(ann.record))).json()) as Record<string, any>;
    expect(off.autoAuth).toMatchObject({ enabled: false, method: 'password', loginUrl: 'http://127.0.0.1:9/login' });
  });

  it('runs every test once per rendered form (idempotent), and cancels what is still queued', async () => {
    const app = createApp(deps);
    const cookie = await cookieOf(app, ann.key);
    const post = (path: string, form: Record<string, string>) =>
      app.request(`${ORIGIN}${path}`, { method: 'POST', headers: { origin: ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
    const count = async () => (await store.db.selectFrom('batches').select('id').where('project_id', '=', 'prj_l').execute()).length;
    const before = await count();
    const page = await (await app.request(`${ORIGIN}/portal/projects/prj_l`, { headers: { cookie } })).text();
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(page)![1]!;
    for (let i = 0; i < 2; i++) {
      const res = await post('/portal/projects/prj_l/run', { idempotencyKey: key });
      expect(res.headers.get('location')).toBe('/portal/projects/prj_l?saved=run#run');
    }
    expect(await count()).toBe(before + 1);
    const batch = await store.db.selectFrom('batches').select(['id', 'source']).where('project_id', '=', 'prj_l').orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(batch.source).toBe('portal');
    // The page follows the batch in flight: its event stream, a cancel button, a refresh without scripts.
    const live = await (await app.request(`${ORIGIN}/portal/projects/prj_l`, { headers: { cookie } })).text();
    expect(live).toContain(`data-events="/portal/batches/${batch.id}/events"`);
    expect(live).toContain(`action="/portal/projects/prj_l/batches/${batch.id}/cancel"`);
    expect(live).toContain('<noscript><meta http-equiv="refresh" content="3"></noscript>');
    const res = await post(`/portal/projects/prj_l/batches/${batch.id}/cancel`, {});
    expect(res.headers.get('location')).toBe('/portal/projects/prj_l?saved=cancelled#run');
    const runs = await store.db.selectFrom('runs').select(['status', 'reason']).where('batch_id', '=', batch.id).execute();
    expect(runs.length).toBe(2);
    expect(runs.every((r) => r.status === 'cancelled' && r.reason === 'cancelled by user')).toBe(true);
  });

  it('refuses a lifecycle form posted from another origin', async () => {
    const app = createApp(deps);
    const cookie = await cookieOf(app, ann.key);
    for (const path of ['/portal/projects/new', '/portal/projects/prj_l/edit', '/portal/projects/prj_l/run', `/portal/projects/prj_l/batches/${batchId}/cancel`]) {
      const res = await app.request(`${ORIGIN}${path}`, { method: 'POST', headers: { origin: 'https://evil.example', cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=x' });
      expect(res.status, path).toBe(403);
    }
    expect(await store.db.selectFrom('projects').select('id').execute()).toHaveLength(1);
  });
});
