import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers/paths.js';

const magic = (file: string) => [...readFileSync(file).subarray(0, 4)];
const dirs: string[] = [];
// The data dir holds the demo's videos: do not leave them behind.
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

// svc-server demo: the whole product on loopback, run end to end from a clean HOME.
describe('svc-server demo', () => {
  it('generates and runs a backend and a frontend project, prints results, analyses, cleanup, recordings and URLs, and adds only a [demo] profile', async () => {
    const home = tempDir('svc-demo-home-');
    mkdirSync(join(home, '.svc'), { mode: 0o700 });
    const file = join(home, '.svc', 'credentials');
    const existing = '[default]\napi_key = svc_existing_key_that_must_stay\napi_url = https://svc.example.com/api/v1\n';
    writeFileSync(file, existing, { mode: 0o600 });
    // A data dir of our own, so the recordings the demo prints are still there afterwards.
    const dataDir = tempDir('svc-demo-data-');
    dirs.push(home, dataDir);

    const r = await execa(process.execPath, [BIN.server, 'demo', '--data-dir', dataDir], { env: { PATH: process.env.PATH, HOME: home, NO_COLOR: '1' }, extendEnv: false, reject: false, timeout: 300_000 });
    const out = r.stdout;
    expect(r.exitCode, `${out}\n${r.stderr}`).toBe(0);

    // Backend: a generated suite, failing only on the sample API's planted defects, each analysed.
    expect(out).toMatch(/^== Backend: the sample API, tests generated from its OpenAPI document ==$/m);
    const counts = /^results \(batch bat_\S+, (\d+) tests in \d+ waves\): (\d+) passed, (\d+) failed$/m.exec(out);
    expect(counts, out).not.toBeNull();
    expect(Number(counts![2])).toBeGreaterThan(40);
    expect(out).toMatch(new RegExp(`^${counts![3]} failures, all expected: the sample API's planted defects \\(all 5 found\\)$`, 'm'));
    const failed = [...out.matchAll(/^FAILED {2}(\S+ \S+) .*\(run_\S+\)$/gm)].map((m) => m[1]);
    expect(failed).toHaveLength(Number(counts![3]));
    expect([...new Set(failed)].sort()).toEqual(['GET /admin/stats', 'GET /broken', 'GET /posts/{id}', 'POST /posts/{id}/comments', 'POST /users']);
    // The check catalogue, with how many cases assert each check and how many failed on it.
    expect(out).toMatch(/^Checks \(README, "The check catalogue"\): cases asserting each, and failures by check\nCHECK\s+CASES\s+FAILED\nno-5xx\s+\d+\s+\d+$/m);
    for (const check of ['read-after-write', 'refused', 'others-untouched', 'no-leak', 'schema']) expect(out).toMatch(new RegExp(`^${check}\\s+[1-9]\\d*\\s+\\d+$`, 'm'));
    expect(out).toMatch(/^FAILED {2}POST \/users with a duplicate email.*\n {2}failureKind: server_error .*\n {2}failingCall: POST \/users → 500\n {2}hypothesis: {2}POST \/users answered 500/m);
    expect(out).toMatch(/^ {2}failingCall: GET \/posts\/abc → 500$/m);
    expect(out.match(/^ {2}expected: {4}yes, planted defect: /gm)).toHaveLength(failed.length);
    // Values flowed through the chain, and cleanup deleted what was created, children first, tags left behind.
    expect(out).toMatch(/^post_id\s+\d+\s+POST \/users\/\{id\}\/posts creates a post\s+.+\s+DELETE \/posts\/\d+$/m);
    expect(out).toMatch(/^cleanup: 3 deleted, 0 already gone, 0 failed, 1 might be orphaned$/m);
    expect(out).toMatch(/^ {2}Might be orphaned: \/tags\/\d+ \(id \d+, from POST \/tags; the API has no DELETE for it\)$/m);
    expect(out).toMatch(/^target after cleanup: users, posts and comments exactly as before the run; tags \+1 \(no DELETE for tags\)$/m);

    // Frontend: explored (the broken page fails, as it should), planned, run green with recordings.
    expect(out).toMatch(/^== Frontend: the sample web app, explored and tested in Chromium ==$/m);
    expect(out).toMatch(/^exploration exp_\S+: done, signed in: yes; /m);
    expect(out).toMatch(/^nav-todos\s+Todos\s+done\s+\/todos\s+-$/m);
    expect(out).toMatch(/^nav-reports\s+Reports\s+failed\s+\/reports\s+expected \(the app's broken page\): .*HTTP 500/m);
    expect(out).toMatch(/^results \(batch bat_\S+, \d+ tests\): \d+ passed$/m);
    expect(out).toMatch(/^PASSED {2}Todos: Add form submits {2}\(run_\S+, \d+\/\d+ steps passed\)$/m);
    const shots = [...out.matchAll(/^ {2}screenshots: (\S+\.jpg)/gm)].map((m) => m[1]!);
    const videos = [...out.matchAll(/^ {2}video: {7}(\S+\.webm)$/gm)].map((m) => m[1]!);
    expect(shots.length).toBeGreaterThan(0);
    expect(videos).toHaveLength(shots.length);
    expect(shots[0]!.startsWith(join(dataDir, 'artifacts', 'runs'))).toBe(true);
    expect(magic(shots[0]!).slice(0, 3)).toEqual([0xff, 0xd8, 0xff]);
    expect(magic(videos[0]!)).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(out).toMatch(/^ {2}portal: {6}http:\/\/127\.0\.0\.1:\d+\/portal\/runs\/run_\S+$/m);

    // Summary with both projects' portal pages, then the URLs.
    expect(out).toMatch(/^backend: {2}as expected {2}http:\/\/127\.0\.0\.1:\d+\/portal\/projects\/prj_\S+$/m);
    expect(out).toMatch(/^frontend: as expected {2}http:\/\/127\.0\.0\.1:\d+\/portal\/projects\/prj_\S+$/m);
    expect(out).toMatch(/^api: {5}http:\/\/127\.0\.0\.1:\d+\/api\/v1$/m);
    // Live progress and the lifecycle went to stderr.
    expect(r.stderr).toMatch(/^ {2}… backend: .*\d+s$/m);
    expect(r.stderr).toMatch(/^ {2}… exploring: nav-todos done$/m);
    expect(r.stderr).toMatch(/^created profile 'demo' in .*credentials \(other profiles untouched\)$/m);
    expect(existsSync(join(dataDir, 'svc.db'))).toBe(true);

    const after = readFileSync(file, 'utf8');
    expect(after.startsWith(existing)).toBe(true);
    expect(after.slice(existing.length)).toMatch(/^\n?\[demo\]\napi_key = svc_\S+\napi_url = http:\/\/127\.0\.0\.1:\d+\/api\/v1\n?$/);
  }, 320_000);
});
