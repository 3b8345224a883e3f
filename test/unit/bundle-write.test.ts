import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunBundle } from '../../src/contract/bundle.js';
import { PARTIAL_MARKER, writeBundle } from '../../src/ops/bundle-write.js';
import { parseSince } from '../../src/ops/since.js';
import { tempDir } from '../helpers/paths.js';

function bundle(runId: string, extra: RunBundle['files'] = []): RunBundle {
  return {
    meta: {
      bundleVersion: 1, snapshotId: runId, runId, batchId: 'bat_1', projectId: 'prj_1', testId: 'tst_1', testName: 't', type: 'backend', status: 'failed',
      failureKind: 'server_error', codeVersion: 1, source: 'cli', createdAt: 'x', finishedAt: 'x', generatedAt: 'x', files: [], omitted: [],
    },
    files: [
      { path: 'result.json', encoding: 'utf8', content: JSON.stringify({ runId }) },
      { path: 'stdout.txt', encoding: 'utf8', content: `out of ${runId}\n` },
      { path: 'artifacts/step-1.png', encoding: 'base64', content: Buffer.from([137, 80, 78, 71]).toString('base64') },
      ...extra,
    ],
  };
}

const crashAt = (n: number) => ({
  beforeFile: (_p: string, i: number) => {
    if (i === n) throw new Error('simulated crash');
  },
});

describe('bundle writer', () => {
  it('writes every file, binary ones decoded, meta.json last, and leaves no marker or temp dir', () => {
    const root = tempDir();
    const out = join(root, 'b');
    const w = writeBundle(out, bundle('run_a'));
    expect(w).toEqual({ path: out, replaced: false, files: ['result.json', 'stdout.txt', 'artifacts/step-1.png', 'meta.json'] });
    expect([...readFileSync(join(out, 'artifacts/step-1.png'))]).toEqual([137, 80, 78, 71]);
    expect(JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8')).runId).toBe('run_a');
    expect(existsSync(join(out, PARTIAL_MARKER))).toBe(false);
    expect(readdirSync(root)).toEqual(['b']);
  });

  it('a crash mid-write leaves a marked .partial-* directory and no final directory', () => {
    const root = tempDir();
    const out = join(root, 'b');
    expect(() => writeBundle(out, bundle('run_a'), crashAt(2))).toThrow('simulated crash');
    expect(existsSync(out)).toBe(false);
    const partial = readdirSync(root);
    expect(partial).toHaveLength(1);
    expect(partial[0]).toMatch(/^b\.partial-[0-9a-f]{8}$/);
    expect(readFileSync(join(root, partial[0]!, PARTIAL_MARKER), 'utf8')).toMatch(/Incomplete svc bundle of run run_a/);
    expect(existsSync(join(root, partial[0]!, 'meta.json'))).toBe(false);
  });

  it('a crash while replacing never mixes runs: the earlier bundle stays whole', () => {
    const root = tempDir();
    const out = join(root, 'b');
    writeBundle(out, bundle('run_old'));
    for (const n of [0, 1, 3]) expect(() => writeBundle(out, bundle('run_new'), crashAt(n))).toThrow('simulated crash');
    expect(readFileSync(join(out, 'stdout.txt'), 'utf8')).toBe('out of run_old\n');
    expect(JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8')).runId).toBe('run_old');
    expect(readdirSync(root).filter((f) => f.startsWith('b.partial-'))).toHaveLength(3);
    const w = writeBundle(out, bundle('run_new'));
    expect(w.replaced).toBe(true);
    expect(readFileSync(join(out, 'stdout.txt'), 'utf8')).toBe('out of run_new\n');
    expect(readdirSync(root).filter((f) => f.startsWith('b.old-'))).toEqual([]);
  });

  it('refuses paths that leave the bundle and directories that are not bundles', () => {
    const root = tempDir();
    for (const p of ['../evil', '/abs', 'a/../../b', 'PARTIAL', 'a\\b']) {
      expect(() => writeBundle(join(root, 'x'), bundle('run_a', [{ path: p, encoding: 'utf8', content: 'x' }]))).toThrow(/refusing the file path/);
    }
    expect(readdirSync(root)).toEqual([]);
    mkdirSync(join(root, 'mine'));
    writeFileSync(join(root, 'mine', 'notes.txt'), 'keep');
    expect(() => writeBundle(join(root, 'mine'), bundle('run_a'))).toThrow(/not an svc bundle/);
    expect(readdirSync(join(root, 'mine'))).toEqual(['notes.txt']);
    mkdirSync(join(root, 'empty'));
    expect(writeBundle(join(root, 'empty'), bundle('run_a')).replaced).toBe(true);
  });
});

describe('--since', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  it.each([
    ['30m', '2026-03-10T11:30:00.000Z'],
    ['24h', '2026-03-09T12:00:00.000Z'],
    ['7d', '2026-03-03T12:00:00.000Z'],
    ['2026-03-01T00:00:00Z', '2026-03-01T00:00:00.000Z'],
    ['2026-03-01', '2026-03-01T00:00:00.000Z'],
    ['2026-03-01T02:00:00+02:00', '2026-03-01T00:00:00.000Z'],
  ])('%s → %s', (v, iso) => expect(parseSince(v, now)).toBe(iso));
  it.each(['yesterday', '24', 'h', '-1d', '2026-13-45', ''])('rejects %j with a validation error', (v) => {
    expect(() => parseSince(v, now)).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR', exitCode: 5 }));
  });
});
