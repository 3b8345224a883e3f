import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';
import { SECRETS, seedPortal, type Seeded } from '../helpers/portal-seed.js';

let server: TestServer;
let aliceKey: string;
let bobKey: string;
let seed: Seeded;

/** A browser in miniature: keeps cookies, sends Origin on POST like a real form does. */
class Browser {
  cookies = new Map<string, string>();
  constructor(private readonly base: string) {}
  async request(path: string, init: { method?: string; form?: Record<string, string>; origin?: string | null; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const method = init.method ?? (init.form ? 'POST' : 'GET');
    if (method === 'POST' && init.origin !== null) headers.origin = init.origin ?? new URL(this.base).origin;
    const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
    if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(this.base + path, { method, headers, body, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (v === '' || /max-age=0/i.test(c) || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(k);
      else this.cookies.set(k, v);
    }
    return res;
  }
  async page(path: string, status = 200): Promise<string> {
    const res = await this.request(path);
    const text = await res.text();
    expect(res.status, `${path}: ${text.slice(0, 300)}`).toBe(status);
    if (status === 200) expect(res.headers.get('content-type')).toMatch(/text\/html/);
    for (const s of SECRETS) expect(text, `${path} leaks a secret`).not.toContain(s);
    return text;
  }
}

async function signedIn(key: string): Promise<Browser> {
  const b = new Browser(server.url);
  const res = await b.request('/portal/sign-in', { form: { key, next: '/portal/projects' } });
  expect(res.status).toBe(303);
  return b;
}

beforeAll(async () => {
  server = await startServer();
  aliceKey = await server.mintKey({ name: 'alice', email: 'alice@example.com' });
  bobKey = await server.mintKey({ name: 'bob', email: 'bob@example.com' });
  seed = await seedPortal(server.dataDir, aliceKey, bobKey);
});
afterAll(async () => {
  await server?.stop();
});

describe('portal sign-in', () => {
  it('shows a sign-in form and sends pages there when signed out', async () => {
    const b = new Browser(server.url);
    const home = await b.page('/portal');
    expect(home).toContain('name="key"');
    expect(home).toContain('type="password"');
    const res = await b.request(`/portal/runs/${seed.runs.get}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/portal?next=${encodeURIComponent(`/portal/runs/${seed.runs.get}`)}`);
  });

  it('gives each page one address (no trailing slash)', async () => {
    const res = await new Browser(server.url).request('/portal/');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/portal');
  });

  it('refuses a bad key with an error page and no cookie', async () => {
    const b = new Browser(server.url);
    const res = await b.request('/portal/sign-in', { form: { key: 'svc_not_a_real_key_000000000000' } });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('That key is unknown, revoked or malformed.');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(b.cookies.size).toBe(0);
  });

  it('sets an HttpOnly SameSite=Strict session cookie that is not the key, and signs out', async () => {
    const b = new Browser(server.url);
    const res = await b.request('/portal/sign-in', { form: { key: aliceKey, next: `/portal/runs/${seed.runs.get}` } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/portal/runs/${seed.runs.get}`);
    const cookie = res.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^svc_portal=[A-Za-z0-9_-]{40,};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Max-Age=\d+/i);
    expect(cookie).not.toContain(aliceKey);
    expect(await b.page('/portal/projects')).toContain('Users API');
    const out = await b.request('/portal/sign-out', { form: {} });
    expect(out.status).toBe(303);
    expect((await b.request('/portal/projects')).status).toBe(303);
  });

  it('refuses a form posted from another origin or with no origin', async () => {
    const b = await signedIn(aliceKey);
    for (const origin of ['https://evil.example', null]) {
      const res = await b.request('/portal/sign-out', { form: {}, origin });
      expect(res.status).toBe(403);
    }
    expect((await b.request('/portal/projects')).status).toBe(200);
    const login = await new Browser(server.url).request('/portal/sign-in', { form: { key: aliceKey }, origin: 'https://evil.example' });
    expect(login.status).toBe(403);
    expect(login.headers.getSetCookie()).toEqual([]);
  });

  it('does not redirect off the portal after sign-in', async () => {
    const b = new Browser(server.url);
    const res = await b.request('/portal/sign-in', { form: { key: aliceKey, next: '//evil.example/x' } });
    expect(res.headers.get('location')).toBe('/portal/projects');
  });
});

describe('portal pages', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await signedIn(aliceKey);
  });

  it('lists projects with ID, NAME, TYPE, FROM, CREATED and only the signed-in user', async () => {
    const html = await b.page('/portal/projects');
    for (const h of ['ID', 'NAME', 'TYPE', 'FROM', 'CREATED']) expect(html).toContain(`<th>${h}</th>`);
    expect(html).toContain('Users API');
    expect(html).toContain('Shop UI');
    expect(html).toContain(`href="/portal/projects/${seed.backendProject}"`);
    expect(html).not.toContain('Bob private project');
  });

  it('shows a backend project: masked credential, tests with status, batches, chains', async () => {
    const html = await b.page(`/portal/projects/${seed.backendProject}`);
    expect(html).toMatch(/Credential<\/dt><dd><span class="badge">set<\/span>/);
    expect(html).toMatch(/Auto-Auth<\/dt><dd><span class="badge">configured/);
    expect(html).toContain('Fetch the created user');
    expect(html).toMatch(/st-failed[^]*?Failed[^]*?Fetch the created user/);
    expect(html).toContain('bat_main0001');
    expect(html).toContain('Use Case / Integration chains');
    expect(html).toMatch(/\(batch <a class="mono" href="\/portal\/batches\/bat_main0001">[^]*?Create a user → Update the profile/);
  });

  it('shows a batch: summary with counts, the triage grouped by cause, its runs failures first, paged and filtered', async () => {
    const html = await b.page(`/portal/batches/${seed.batch}`);
    expect(html).toContain('<h1>Batch <span class="mono">bat_main0001</span></h1>');
    expect(html).toMatch(/Runs<\/dt><dd><strong>4<\/strong>[^]*?Failed<\/span> <strong>1<\/strong>[^]*?Blocked<\/span> <strong>1<\/strong>[^]*?Passed<\/span> <strong>2<\/strong>/);
    expect(html).toMatch(/Duration<\/dt><dd>20\.0 s/);
    expect(html).toMatch(/Source<\/dt><dd>cli/);
    expect(html).toMatch(/Trigger<\/dt><dd>project/);
    expect(html).toMatch(/Cleanup<\/dt><dd>[^<]*1 deleted/);
    // The triage of `svc test triage`: the 500 on GET /users/{id} is its own group, with the blamed call.
    expect(html).toMatch(/Failures by cause[^]*?2 of 4 runs did not pass/);
    expect(html).toMatch(/<strong>1<\/strong> × <span class="badge">no-5xx<\/span> <span class="mono">GET \/api\/users\/\{id\}<\/span> · fix in <strong>app<\/strong>[^]*?The API answers GET \/users\/\{id\} with 500[^]*?Fetch the created user[^]*?GET \/api\/users\/42 → 500/);
    // Failures first: failed, blocked, then passed.
    const order = [...html.slice(html.indexOf('id="runs-h"')).matchAll(/<a href="\/portal\/runs\/(run_\w+)">/g)].map((m) => m[1]);
    expect(order).toEqual(['run_get00001', 'run_update01', 'run_create01', 'run_health01']);
    expect(html).toContain('1–4 of 4');
    const failed = await b.page(`/portal/batches/${seed.batch}?status=failed`);
    expect([...failed.slice(failed.indexOf('id="runs-h"')).matchAll(/<a href="\/portal\/runs\/(run_\w+)">/g)].map((m) => m[1])).toEqual(['run_get00001']);
    expect(failed).toContain('<strong aria-current="true">failed</strong>');
    // A page past the end shows none and says where it is; a finished batch has no live stream.
    expect(await b.page(`/portal/batches/${seed.batch}?page=9`)).toContain('0 of 4');
    expect(html).not.toContain('data-events');
    // The batch page follows a batch still running (cleanup sweep) over its event stream.
    const live = await b.page('/portal/batches/bat_live0001');
    expect(live).toContain('data-events="/portal/batches/bat_live0001/events"');
    expect(live).toContain('Running cleanup sweep');
    expect(live).toContain('No failures so far.');
    expect(await b.page(`/portal/runs/${seed.runs.get}`)).toContain(`<a class="mono" href="/portal/batches/${seed.batch}">`);
  });

  it('shows a frontend project with the test account password masked', async () => {
    const html = await b.page(`/portal/projects/${seed.frontendProject}`);
    expect(html).toContain('shopper@example.com');
    expect(html).toMatch(/password <span class="badge">set<\/span>/);
  });

  it('shows a backend test: fields, numbered code, run history', async () => {
    const html = await b.page(`/portal/tests/${seed.tests.get}`);
    expect(html).toContain('GET /users/{id} returns the user');
    expect(html).toMatch(/Consumes \(needs\)<\/dt><dd><span class="badge b-consumed"[^>]*>↓ user_id/);
    expect(html).toMatch(/Produces<\/dt><dd><span class="badge b-produced"[^>]*>↑ profile_id/);
    expect(html).toContain('<span class="l" id="L2">assert r.status == 200, f&quot;expected 200, got {r.status}&quot;</span>');
    expect(html).toContain(`href="/portal/runs/${seed.runs.get}"`);
    expect(html).toContain('AssertionError: expected 200, got 500');
  });

  it('shows a frontend test with its plan steps, and no "Skip dependencies" (it means nothing there)', async () => {
    const html = await b.page(`/portal/tests/${seed.tests.fe}`);
    expect(html).toContain('Click &quot;Add to cart&quot;');
    expect(html).toContain('The cart shows 1 item');
    expect(html).toContain('>Rerun</button>');
    expect(html).not.toContain('Skip dependencies');
    expect(await b.page(`/portal/projects/${seed.frontendProject}`)).not.toContain('Skip dependencies');
    expect(await b.page(`/portal/tests/${seed.tests.get}`)).toContain('Skip dependencies');
    // A hand-made form that asks for it anyway is refused, and starts nothing.
    const before = await b.page(`/portal/tests/${seed.tests.fe}`);
    const res = await b.request(`/portal/tests/${seed.tests.fe}/rerun`, { form: { skipDependencies: 'on' } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('only backend tests have dependencies to skip');
    expect(await b.page(`/portal/tests/${seed.tests.fe}`)).toBe(before);
  });

  it('reports a failed backend run: reason, assertion, calls, output, analysis and curl', async () => {
    const html = await b.page(`/portal/runs/${seed.runs.get}`);
    expect(html).toContain('AssertionError: expected 200, got 500');
    expect(html).toMatch(/st-failed[^]*?r\.status == 200/);
    expect(html).toContain('The API answers GET /users/{id} with 500 for a user it just created');
    expect(html).toMatch(/Recommended fix target<\/dt><dd><strong>app<\/strong>/);
    expect(html).toContain("curl -X GET &#39;http://127.0.0.1:9/api/users/42&#39; -H &#39;Authorization: Bearer ***&#39;");
    expect(html).toContain('GET /users/42 -&gt; 500');
    expect(html).toContain('Traceback (most recent call last)');
    // Recorded bodies are escaped, never markup; header secrets stay masked.
    expect(html).toContain('internal &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('authorization: Bearer ***');
    expect(html).not.toContain('http-equiv="refresh"');
  });

  it('shows the blocked step of a chain with its upstream cause', async () => {
    const html = await b.page(`/portal/runs/${seed.runs.update}`);
    expect(html).toContain('TEST BLOCKED');
    expect(html).toMatch(/Fetch the created user<\/a> did not produce profile_id/);
  });

  it('groups the data flow by endpoint with status, latency, test and variable badges', async () => {
    const html = await b.page(`/portal/runs/${seed.runs.get}?tab=dataflow`);
    const groups = [...html.matchAll(/<h3><span class="method">(\w+)<\/span> <span class="mono">([^<]+)<\/span> <span class="muted">· (\d+) calls?/g)].map((m) => `${m[1]} ${m[2]} ${m[3]}`);
    expect(groups).toEqual(['POST /api/users 1', 'GET /api/users/{id} 2', 'GET /api/health 1']);
    expect(html).toMatch(/POST \/api\/users[^]*?201[^]*?ms<\/td>[^]*?Create a user<\/a>[^]*?b-produced[^>]*>↑ user_id/);
    expect(html).toMatch(/GET \/api\/users\/42[^]*?500[^]*?Fetch the created user<\/a>[^]*?b-consumed[^>]*>↓ user_id/);
    // Auth and cleanup calls sit in the collapsed section, not in an endpoint group.
    expect(html).toMatch(/<details class="other"><summary>Other observed behaviors \(2\)<\/summary>[^]*?auth[^]*?POST \/api\/auth\/token[^]*?cleanup[^]*?DELETE \/api\/users\/42/);
    expect(html).toContain('?tab=dataflow&amp;view=calls');
    const calls = await b.page(`/portal/runs/${seed.runs.get}?tab=dataflow&view=calls`);
    expect(calls).toMatch(/<th class="c-ep">ENDPOINT<\/th>[^]*?POST \/api\/users[^]*?GET \/api\/users\/\{id\}[^]*?GET \/api\/users\/\{id\}[^]*?GET \/api\/health/);
  });

  it('lists dynamic variables with captured from, used by and deleted by', async () => {
    const html = await b.page(`/portal/runs/${seed.runs.get}?tab=variables`);
    for (const h of ['NAME', 'VALUE', 'CAPTURED FROM', 'USED BY', 'DELETED BY']) expect(html).toContain(`<th>${h}</th>`);
    expect(html).toMatch(/user_id<\/span><\/td>\s*<td class="mono">42<\/td>\s*<td><a href="\/portal\/runs\/run_create01">Create a user<\/a><\/td>\s*<td><a href="\/portal\/tests\/tst_get00001">Fetch the created user<\/a><\/td>\s*<td class="mono">DELETE \/api\/users\/42<\/td>/);
  });

  it('shows integration chains with per-step status and stats', async () => {
    const html = await b.page(`/portal/runs/${seed.runs.get}?tab=chains`);
    expect(html).toContain('Create a user → Update the profile');
    expect(html).toMatch(/st-passed[^]*?Create a user[^]*?st-failed[^]*?Fetch the created user[^]*?st-blocked[^]*?Update the profile/);
    expect(html).toContain('3 steps · 2 captures flowing through (user_id, profile_id) · 1 passed · 1 failed · 1 blocked');
    expect(html).toMatch(/Endpoint tests[^]*?Health check/);
  });

  it('shows cleanup records and the might-be-orphaned list', async () => {
    const html = await b.page(`/portal/runs/${seed.runs.get}?tab=cleanup`);
    expect(html).toMatch(/st-deleted[^]*?\/api\/users\/42[^]*?>42<[^]*?POST \/api\/users[^]*?DELETE \/api\/users\/\{id\}[^]*?204/);
    expect(html).toMatch(/<h3 id="orphans-h">Might be orphaned<\/h3>[^]*?<td class="mono" data-label="ID">w-777<\/td><td class="mono" data-label="Source endpoint">POST \/api\/widgets<\/td>/);
    expect(html).not.toContain('Running cleanup sweep');
  });

  it('updates an in-flight run when it finishes (long-poll, 2 s refresh without scripts) and shows the cleanup sweep', async () => {
    const html = await b.page(`/portal/runs/${seed.runs.inflight}?tab=cleanup`);
    expect(html).toContain(`data-wait="/portal/runs/${seed.runs.inflight}/wait"`);
    expect(html).toContain('<script src="/portal/static/live.js" defer></script><noscript><meta http-equiv="refresh" content="2"></noscript>');
    expect(html).toContain('Running cleanup sweep');
    // The wait URL answers at once for a run that has finished; live.js then reloads the page.
    const done = await b.request(`/portal/runs/${seed.runs.get}/wait`);
    expect(done.status).toBe(204);
    const js = await b.request('/portal/static/live.js');
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await js.text()).toContain("querySelector('[data-wait]')");
    expect((await b.page(`/portal/runs/${seed.runs.get}`))).not.toContain('data-wait');
  });

  it('shows a frontend run: steps with screenshots, video with poster and step markers, trace viewer and heal records', async () => {
    const html = await b.page(`/portal/runs/${seed.runs.fe}`);
    const base = `/portal/runs/${seed.runs.fe}/artifacts`;
    const shot = `${base}/steps/step-001.png`;
    expect(html).toContain(`<img class="step" src="${shot}" alt="Screenshot after step 1: Click &quot;Add to cart&quot; (passed)" loading="lazy"`);
    expect(html).toContain(`<video id="run-video" controls preload="metadata" src="${base}/video.webm" poster="${base}/steps/step-002.png" aria-describedby="video-markers-h">`);
    // Markers: each step's start, from the video's start (10:00:10.8): 0.2 s and 2.7 s.
    expect(html).toContain(`<a href="${base}/video.webm#t=0.20" data-seek="0.20">`);
    expect(html).toContain(`<a href="${base}/video.webm#t=2.70" data-seek="2.70">`);
    expect(html).toContain(`<a href="/portal/trace/index.html?trace=${encodeURIComponent(`${base}/trace.zip`)}">Open in trace viewer</a>`);
    expect(html).toMatch(/Heal records[^]*?getByTestId\(&#39;add&#39;\)[^]*?getByRole/);
    const img = await b.request(shot);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await img.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    const part = await b.request(`/portal/runs/${seed.runs.fe}/artifacts/video.webm`, { headers: { range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('webm');
  });

  it('refuses path traversal and other users on artifacts', async () => {
    for (const p of ['..%2F..%2F..%2Fsvc.db', '%2e%2e/outside.txt', 'steps/..%2F..%2F..%2Foutside.txt', 'steps%2F..%2F..%2Foutside.txt', '..%5c..%5coutside.txt', 'steps/%00.png', 'nope.png']) {
      const res = await b.request(`/portal/runs/${seed.runs.fe}/artifacts/${p}`);
      expect(res.status, p).toBe(404);
      expect(await res.text()).not.toContain('must not be served');
    }
    const signedOut = await new Browser(server.url).request(`/portal/runs/${seed.runs.fe}/artifacts/steps/step-001.png`);
    expect(signedOut.status).toBe(303);
    const bob = await signedIn(bobKey);
    expect((await bob.request(`/portal/runs/${seed.runs.fe}/artifacts/steps/step-001.png`)).status).toBe(404);
  });

  it("answers another user's project, test and run with a 404 page", async () => {
    for (const p of [`/portal/projects/${seed.bobProject}`, `/portal/tests/${seed.bobTest}`, `/portal/runs/${seed.bobRun}`, '/portal/batches/bat_bob00001', '/portal/nope']) {
      const html = await b.page(p, 404);
      expect(html).toContain('Not found');
      expect(html).not.toContain('Bob');
    }
    const bob = await signedIn(bobKey);
    expect((await bob.page(`/portal/projects/${seed.bobProject}`))).toContain('Bob private project');
    expect((await bob.page(`/portal/runs/${seed.runs.get}`, 404))).toContain('Not found');
  });

  it('serves the stylesheet and strict security headers', async () => {
    const css = await fetch(`${server.url}/portal/static/portal.css`);
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
    expect(await css.text()).toContain('.st-failed');
    const res = await b.request('/portal/projects');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('ends the session when its key is revoked', async () => {
    const k = await server.mintKey({ name: 'alice', email: 'alice@example.com' });
    const c = await signedIn(k);
    expect((await c.request('/portal/projects')).status).toBe(200);
    const { execa } = await import('execa');
    const { BIN } = await import('../helpers/paths.js');
    const list = JSON.parse((await execa(process.execPath, [BIN.server, 'keys', 'list', '--data-dir', server.dataDir, '--json'])).stdout);
    const keyId = list.find((x: { prefix: string }) => k.startsWith(x.prefix)).keyId;
    await execa(process.execPath, [BIN.server, 'keys', 'revoke', keyId, '--data-dir', server.dataDir]);
    expect((await c.request('/portal/projects')).status).toBe(303);
  });
});

describe('portal sessions in the database', () => {
  it('keep a browser signed in across a restart of the server, and sign-out still ends them', async () => {
    const own = await startServer();
    let other: TestServer | undefined;
    try {
      const key = await own.mintKey({ name: 'carol' });
      const b = new Browser(own.url);
      expect((await b.request('/portal/sign-in', { form: { key, next: '/portal/projects' } })).status).toBe(303);
      expect(await b.page('/portal/projects')).toContain('carol');
      expect(await own.stop()).toBe(0);
      other = await startServer({ dataDir: own.dataDir });
      const again = new Browser(other.url);
      again.cookies = new Map(b.cookies);
      expect(again.cookies.get('svc_portal')).toBeTruthy();
      expect(await again.page('/portal/projects')).toContain('carol');
      expect((await again.request('/portal/sign-out', { form: {} })).status).toBe(303);
      // The old cookie is dead on the server, not only forgotten by this browser.
      const stale = new Browser(other.url);
      stale.cookies = new Map(b.cookies);
      expect((await stale.request('/portal/projects')).status).toBe(303);
    } finally {
      await other?.stop();
      await own.stop();
    }
  });
});
