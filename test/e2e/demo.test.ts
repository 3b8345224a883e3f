import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers/paths.js';

// svc-server demo: the whole product on loopback, run end to end from a clean HOME.
describe('svc-server demo', () => {
  it('runs the backend lifecycle, prints results, cleanup and URLs, and adds only a [demo] profile', async () => {
    const home = tempDir('svc-demo-home-');
    mkdirSync(join(home, '.svc'), { mode: 0o700 });
    const file = join(home, '.svc', 'credentials');
    const existing = '[default]\napi_key = svc_existing_key_that_must_stay\napi_url = https://svc.example.com/api/v1\n';
    writeFileSync(file, existing, { mode: 0o600 });

    const r = await execa(process.execPath, [BIN.server, 'demo'], { env: { PATH: process.env.PATH, HOME: home, NO_COLOR: '1' }, extendEnv: false, reject: false, timeout: 180_000 });
    expect(r.exitCode, `${r.stdout}\n${r.stderr}`).toBe(0);

    // Results table: seven tests in five waves, all passed.
    expect(r.stdout).toMatch(/^Results \(batch bat_\S+, 5 waves\)$/m);
    expect(r.stdout).toMatch(/^RUN\s+TEST\s+WAVE\s+STATUS\s+REASON$/m);
    const rows = r.stdout.split('\n').filter((l) => /^run_\S+\s/.test(l));
    expect(rows).toHaveLength(7);
    expect(rows.every((l) => /\spassed\s+-$/.test(l))).toBe(true);
    expect(r.stdout).toMatch(/^run_\S+\s+Read the comment back\s+3\s+passed/m);
    expect(r.stdout).toMatch(/^run_\S+\s+Teardown: the user is still there before cleanup\s+4\s+passed/m);
    // Values flowed, and cleanup deleted what was created, children first, the tag left behind.
    expect(r.stdout).toMatch(/^post_id\s+\d+\s+Create a post for the user\s+Comment on the post, Read the comment back\s+DELETE \/posts\/\d+$/m);
    expect(r.stdout).toMatch(/^cleanup: 3 deleted, 0 already gone, 0 failed, 1 might be orphaned$/m);
    expect(r.stdout).toMatch(/^ {2}Might be orphaned: \/tags\/\d+ \(id \d+, from POST \/tags; the API has no DELETE for it\)$/m);
    expect(r.stdout).toMatch(/^target after cleanup: users, posts and comments exactly as before the run; tags \+1$/m);
    expect(r.stdout).toMatch(/^portal: {2}http:\/\/127\.0\.0\.1:\d+\/$/m);
    expect(r.stdout).toMatch(/^api: {5}http:\/\/127\.0\.0\.1:\d+\/api\/v1$/m);
    // Live progress went to stderr.
    expect(r.stderr).toMatch(/^ {2}… .*\d+s$/m);
    expect(r.stderr).toMatch(/^created profile 'demo' in .*credentials \(other profiles untouched\)$/m);

    const after = readFileSync(file, 'utf8');
    expect(after.startsWith(existing)).toBe(true);
    expect(after.slice(existing.length)).toMatch(/^\n?\[demo\]\napi_key = svc_\S+\napi_url = http:\/\/127\.0\.0\.1:\d+\/api\/v1\n?$/);
  });
});
