import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RunBundle } from '../../src/contract/bundle.js';
import { executeBatch } from '../../src/engine/batch.js';
import { createBatch } from '../../src/engine/trigger.js';
import { buildBundle } from '../../src/server/bundle-view.js';
import { getRunRow } from '../../src/store/repos/runs.js';
import { engineFixture } from '../helpers/engine-fixture.js';

describe('bundle contents', () => {
  it('holds the run as it was, plus screenshots from the run artifacts directory, all tied to one run', async () => {
    const f = await engineFixture();
    const id = await f.addTest('fails', { fail: 'assert 500 == 200' });
    const t = await createBatch(f.store.db, { userId: f.userId, keyId: f.keyId, source: 'mcp', projectId: f.projectId, kind: 'single', testIds: [id], rerun: false, skipDependencies: false, frontendAvailable: false });
    await executeBatch(f.ctx, t.batchId, new AbortController().signal);
    // The test changes after the run: the bundle keeps the code of the run.
    await f.store.db.updateTable('tests').set({ code: '{"changed":true}', code_version: 2 }).where('id', '=', id).execute();
    const shots = join(f.store.dataDir, 'artifacts', 'runs', t.runId, 'screenshots');
    mkdirSync(shots, { recursive: true });
    writeFileSync(join(shots, 'step-1.png'), Buffer.from([137, 80, 78, 71, 0, 255]));

    const b = RunBundle.parse(await buildBundle(f.store, (await getRunRow(f.store.db, t.runId))!, 'http://svc.test'));
    expect(b.meta).toMatchObject({ runId: t.runId, snapshotId: t.runId, testId: id, status: 'failed', codeVersion: 1, source: 'mcp', omitted: [] });
    const byPath = Object.fromEntries(b.files.map((x) => [x.path, x]));
    expect(b.meta.files).toEqual(b.files.map((x) => x.path));
    expect(Object.keys(byPath)).toEqual(expect.arrayContaining(['result.json', 'analysis.json', 'test_code.py', 'calls.json', 'variables.json', 'steps.json', 'stdout.txt', 'traceback.txt', 'artifacts/screenshots/step-1.png']));
    expect(byPath['test_code.py']!.content).toBe('{"fail":"assert 500 == 200"}');
    expect([...Buffer.from(byPath['artifacts/screenshots/step-1.png']!.content, 'base64')]).toEqual([137, 80, 78, 71, 0, 255]);
    expect(byPath['artifacts/screenshots/step-1.png']!.encoding).toBe('base64');
    for (const file of b.files.filter((x) => x.path.endsWith('.json'))) {
      const named = [...file.content.matchAll(/"(?:runId|snapshotId)":\s*"([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(named), file.path).toEqual(new Set([t.runId]));
    }
  });
});
