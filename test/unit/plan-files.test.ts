import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/contract/test-fields.js';
import { loadCodeFile, loadPlanDir, loadPlanFile, loadPlansJsonl, loadStepsFile } from '../../src/ops/plan-files.js';
import { tempDir } from '../helpers/paths.js';

const plan = (over: Record<string, unknown> = {}) => ({ projectId: 'prj_x', type: 'frontend', name: 'n', planSteps: [{ type: 'action', description: 'd' }], ...over });

/** Writes `text` padded with spaces to exactly `bytes` bytes. */
function exactly(dir: string, name: string, text: string, bytes: number): string {
  writeFileSync(join(dir, name), text + ' '.repeat(bytes - Buffer.byteLength(text)));
  return name;
}

describe('plan file readers (lint and create share them)', () => {
  it('collects every problem of a plan with its field path', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'p.json'), JSON.stringify({ type: 'backend', name: 'x'.repeat(201), planSteps: [{ type: 'click', description: '' }] }));
    const r = loadPlanFile('p.json', dir);
    const fields = r.issues.map((i) => i.field).sort();
    expect(fields).toEqual(['name', 'planSteps.0.description', 'planSteps.0.type', 'projectId', 'type'].sort());
    expect(r.issues.find((i) => i.field === 'projectId')?.reason).toBe('is required');
    expect(r.issues.every((i) => i.file === 'p.json')).toBe(true);
  });

  it('takes a plan file of exactly 256 KB and refuses one byte more', () => {
    const dir = tempDir();
    expect(loadPlanFile(exactly(dir, 'a.json', JSON.stringify(plan()), LIMITS.planBytes), dir).issues).toEqual([]);
    expect(loadPlanFile(exactly(dir, 'b.json', JSON.stringify(plan()), LIMITS.planBytes + 1), dir).issues[0]?.reason).toMatch(/limit is 262144 bytes/);
  });

  it('JSONL: 50 specs pass, 51 are refused, bad lines are named by line number', () => {
    const dir = tempDir();
    const lines = (n: number) => Array.from({ length: n }, (_, i) => JSON.stringify(plan({ name: `t${i}` }))).join('\n');
    writeFileSync(join(dir, '50.jsonl'), lines(50));
    writeFileSync(join(dir, '51.jsonl'), lines(51));
    writeFileSync(join(dir, 'bad.jsonl'), `${JSON.stringify(plan())}\n\n{oops\n${JSON.stringify(plan({ planSteps: [] }))}\n`);
    expect(loadPlansJsonl('50.jsonl', dir)).toMatchObject({ checked: 50, issues: [] });
    expect(loadPlansJsonl('51.jsonl', dir).issues[0]?.reason).toMatch(/51 plan specs; the limit is 50/);
    const bad = loadPlansJsonl('bad.jsonl', dir);
    expect(bad.issues.map((i) => i.file)).toEqual(['bad.jsonl:3', 'bad.jsonl:4']);
    expect(bad.issues[1]?.reason).toMatch(/at least 1 step/);
  });

  it('a plan directory is read in file-name order; only *.json count', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'plans'));
    for (const n of ['b', 'a', 'c']) writeFileSync(join(dir, 'plans', `${n}.json`), JSON.stringify(plan({ name: n })));
    writeFileSync(join(dir, 'plans', 'notes.txt'), 'ignored');
    const r = loadPlanDir('plans', dir);
    expect(r.values.map((p) => p.name)).toEqual(['a', 'b', 'c']);
    expect(r.checked).toBe(3);
  });

  it('steps files: an array or {planSteps}; 200 steps pass, 201 do not', () => {
    const dir = tempDir();
    const steps = (n: number) => Array.from({ length: n }, () => ({ type: 'assertion', description: 'ok' }));
    writeFileSync(join(dir, 'a.json'), JSON.stringify(steps(200)));
    writeFileSync(join(dir, 'o.json'), JSON.stringify({ planSteps: steps(1) }));
    writeFileSync(join(dir, 'x.json'), JSON.stringify(steps(201)));
    expect(loadStepsFile('a.json', dir).issues).toEqual([]);
    expect(loadStepsFile('o.json', dir).values[0]).toHaveLength(1);
    expect(loadStepsFile('x.json', dir).issues[0]).toMatchObject({ field: 'planSteps', reason: 'a plan has at most 200 steps' });
  });

  it('code files: exactly 350 KB passes, one byte more and empty files do not', () => {
    const dir = tempDir();
    const ok = exactly(dir, 'ok.py', '# padding\n', LIMITS.codeBytes);
    expect(loadCodeFile(ok, dir, {}).issues).toEqual([]);
    const big = exactly(dir, 'big.py', '# padding\n', LIMITS.codeBytes + 1);
    expect(loadCodeFile(big, dir, {}).issues[0]?.reason).toMatch(/limit is 358400 bytes \(350 KB\)/);
    writeFileSync(join(dir, 'empty.py'), '  \n');
    expect(loadCodeFile('empty.py', dir, {}).issues[0]?.reason).toBe('code must not be empty');
    expect(loadCodeFile('missing.py', dir, {}).issues[0]?.reason).toBe('cannot read the file: no such file');
  });
});
