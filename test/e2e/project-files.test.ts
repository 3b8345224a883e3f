import { existsSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectFile, ProjectFileList, ProjectFileRemoved } from '../../src/contract/project-files.js';
import { svc, type CliEnv } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { fails, json, userCtx } from '../helpers/user.js';

/** `svc project files add|list|remove` against the real server: records, limits, errors, project deletion. */
let server: TestServer;
let ctx: CliEnv;
let key: string;
let fe: string;

const MB = 1024 * 1024;
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const file = (name: string, content: Buffer | string) => {
  writeFileSync(join(ctx.cwd, name), content);
  return name;
};
const put = (projectId: string, name: string, content: Buffer) =>
  fetch(`${server.apiUrl}/projects/${projectId}/files/${encodeURIComponent(name)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content: content.toString('base64') }),
  });
const filesDir = (projectId: string) => join(server.dataDir, 'artifacts', 'projects', projectId);

beforeAll(async () => {
  server = await startServer();
  key = await server.mintKey({ name: 'ula', email: 'ula@example.com' });
  ctx = userCtx(server, key);
  fe = (await json(ctx, ['project', 'create', '--type', 'frontend', '--name', 'Web', '--url', 'https://app.example.com'])).id;
});
afterAll(async () => {
  await server?.stop();
});

describe('project files through the CLI', () => {
  it('adds two files, lists them by name, replaces one and removes the other', async () => {
    file('report.csv', 'a,b\n1,2\n');
    file('photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]));
    const added = await json(ctx, ['project', 'files', 'add', fe, 'report.csv', 'photo.png']);
    expect(added.projectId).toBe(fe);
    expect(added.items.map((f: ProjectFile) => ProjectFile.parse(f).name)).toEqual(['report.csv', 'photo.png']);
    expect(added.items[0]).toMatchObject({ bytes: 8, sha256: sha('a,b\n1,2\n') });

    const list = ProjectFileList.parse(await json(ctx, ['project', 'files', 'list', fe]));
    expect(list.items.map((f) => f.name)).toEqual(['photo.png', 'report.csv']);
    expect(list.items.find((f) => f.name === 'report.csv')).toEqual(added.items[0]);
    expect(list.totalBytes).toBe(16);

    file('report-v2.csv', 'a,b,c\n1,2,3\n');
    const replaced = await json(ctx, ['project', 'files', 'add', fe, 'report-v2.csv', '--name', 'report.csv']);
    expect(replaced.items[0]).toMatchObject({ name: 'report.csv', bytes: 12, sha256: sha('a,b,c\n1,2,3\n') });
    const text = (await svc(['project', 'files', 'list', fe], { ctx })).stdout;
    expect(text).toMatch(/^NAME\s+BYTES\s+SHA256\s+UPLOADED\n/);
    expect(text).toContain(`report.csv  12     ${sha('a,b,c\n1,2,3\n').slice(0, 12)}`);
    expect(text).toMatch(/2 file\(s\), 20 bytes$/);

    expect(ProjectFileRemoved.parse(await json(ctx, ['project', 'files', 'remove', fe, 'photo.png']))).toEqual({ projectId: fe, name: 'photo.png', deleted: true });
    expect((await json(ctx, ['project', 'files', 'list', fe])).items.map((f: ProjectFile) => f.name)).toEqual(['report.csv']);
  });

  it('keeps names case-sensitive and takes spaces, parentheses and plus in a name', async () => {
    file('cal.ics', 'BEGIN:VCALENDAR\nEND:VCALENDAR\n');
    await json(ctx, ['project', 'files', 'add', fe, 'cal.ics', '--name', 'Time trials (v2)+.ics']);
    await json(ctx, ['project', 'files', 'add', fe, 'cal.ics', '--name', 'time trials (v2)+.ics']);
    const names = (await json(ctx, ['project', 'files', 'list', fe])).items.map((f: ProjectFile) => f.name);
    expect(names).toEqual(expect.arrayContaining(['Time trials (v2)+.ics', 'time trials (v2)+.ics']));
    await json(ctx, ['project', 'files', 'remove', fe, 'Time trials (v2)+.ics']);
    await json(ctx, ['project', 'files', 'remove', fe, 'time trials (v2)+.ics']);
  });

  it('refuses bad names, too large files, absent files and unknown projects with their exit codes', async () => {
    file('ok.txt', 'ok');
    for (const name of ['.hidden', 'a/b.txt', 'x..y', 'semi;colon.txt', 'é.txt', 'n'.repeat(201)]) {
      const r = await fails(ctx, ['project', 'files', 'add', fe, 'ok.txt', '--name', name], 5);
      expect(r.error().code).toBe('VALIDATION_ERROR');
      expect(r.error().nextAction).toMatch(/--name/);
    }
    file('.env', 'SECRET=1');
    expect((await fails(ctx, ['project', 'files', 'add', fe, '.env'], 5)).error().message).toMatch(/starts with a dot/);
    expect((await fails(ctx, ['project', 'files', 'remove', fe, '../etc'], 5)).error().code).toBe('VALIDATION_ERROR');
    expect((await fails(ctx, ['project', 'files', 'add', fe, 'ok.txt', 'missing.txt'], 5)).error().message).toMatch(/missing\.txt.*no such file/);
    expect((await fails(ctx, ['project', 'files', 'add', fe, 'ok.txt', 'ok.txt'], 5)).error().message).toMatch(/two files/);

    file('big.bin', Buffer.alloc(10 * MB + 1));
    const big = await fails(ctx, ['project', 'files', 'add', fe, 'ok.txt', 'big.bin'], 5);
    expect(big.error().message).toMatch(/10485761 bytes.*at most 10485760/);
    // Nothing was sent: the local checks run before the first upload.
    expect((await json(ctx, ['project', 'files', 'list', fe])).items.map((f: ProjectFile) => f.name)).not.toContain('ok.txt');

    const absent = await fails(ctx, ['project', 'files', 'remove', fe, 'nope.csv'], 4);
    expect(absent.error()).toMatchObject({ code: 'NOT_FOUND' });
    expect(absent.error().nextAction).toContain(`svc project files list ${fe}`);
    expect((await fails(ctx, ['project', 'files', 'list', 'prj_unknown'], 4)).error().code).toBe('NOT_FOUND');
    expect((await fails(ctx, ['project', 'files', 'add', 'prj_unknown', 'ok.txt'], 4)).error().code).toBe('NOT_FOUND');
  });

  it('--dry-run reads no file and sends nothing', async () => {
    const r = await svc(['--dry-run', '--output', 'json', 'project', 'files', 'add', fe, 'not-here.csv'], { ctx });
    expect(r.exitCode).toBe(0);
    expect(r.json().items[0]).toMatchObject({ name: 'not-here.csv', bytes: 0 });
    expect(r.stderr).toContain('dry run');
    expect((await json(ctx, ['project', 'files', 'list', fe])).items.map((f: ProjectFile) => f.name)).not.toContain('not-here.csv');
  });
});

describe('project file limits on the server', () => {
  it('413 for a file over 10 MB, whether the route or the body limit sees it', async () => {
    for (const size of [10 * MB + 1, 11 * MB]) {
      const r = await put(fe, 'big.bin', Buffer.alloc(size));
      expect(r.status).toBe(413);
      const e = (await r.json()).error;
      expect(e.code).toBe('PAYLOAD_TOO_LARGE');
      expect(e.message).toMatch(/10 MB/);
      expect(e.nextAction).toBeTruthy();
    }
    const bad = await fetch(`${server.apiUrl}/projects/${fe}/files/x.txt`, { method: 'PUT', headers: { authorization: `Bearer ${key}` }, body: JSON.stringify({ content: 'not base64!' }) });
    expect(bad.status).toBe(400);
  });

  it('at most 50 files and 100 MB a project; a replacement counts once', async () => {
    const p = (await json(ctx, ['project', 'create', '--type', 'backend', '--name', 'Limits'])).id;
    for (let i = 0; i < 50; i++) expect((await put(p, `f${i}.txt`, Buffer.from(String(i)))).status).toBe(200);
    expect((await put(p, 'f0.txt', Buffer.from('again'))).status).toBe(200);
    const full = await put(p, 'f50.txt', Buffer.from('x'));
    expect(full.status).toBe(400);
    expect((await full.json()).error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/limit is 50/), nextAction: expect.stringContaining('svc project files remove') });

    for (let i = 0; i < 50; i++) await json(ctx, ['project', 'files', 'remove', p, `f${i}.txt`]);
    for (let i = 0; i < 10; i++) expect((await put(p, `big${i}.bin`, Buffer.alloc(10 * MB))).status).toBe(200);
    const over = await put(p, 'one-more.txt', Buffer.from('x'));
    expect(over.status).toBe(413);
    expect((await over.json()).error.message).toMatch(/limit is 100 MB/);
    expect((await json(ctx, ['project', 'files', 'list', p])).totalBytes).toBe(100 * MB);
    await json(ctx, ['project', 'delete', p, '--confirm']);
    expect(existsSync(filesDir(p))).toBe(false);
  });
});

describe('deleting the project', () => {
  it('removes its files from the store', async () => {
    const p = (await json(ctx, ['project', 'create', '--type', 'frontend', '--name', 'Doomed', '--url', 'https://app.example.com'])).id;
    file('keep.csv', 'x');
    await json(ctx, ['project', 'files', 'add', p, 'keep.csv']);
    expect(existsSync(join(filesDir(p), 'files', 'keep.csv'))).toBe(true);
    await json(ctx, ['project', 'delete', p, '--confirm']);
    expect(existsSync(filesDir(p))).toBe(false);
    await fails(ctx, ['project', 'files', 'list', p], 4);
    // Another project's files stay.
    expect((await json(ctx, ['project', 'files', 'list', fe])).items.length).toBeGreaterThan(0);
  });
});
