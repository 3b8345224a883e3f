import { describe, expect, it } from 'vitest';
import { selectPrunable, type BatchRow, type RunRow } from '../../src/server/retention-select.js';

const NOW = new Date('2026-06-30T00:00:00.000Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();

function batch(id: string, ageDays: number, extra: Partial<BatchRow> = {}): BatchRow {
  return { id, projectId: 'p1', kind: 'single', status: 'passed', createdAt: daysAgo(ageDays), finishedAt: daysAgo(ageDays), ...extra };
}
const run = (id: string, batchId: string, testId: string, ageDays: number): RunRow => ({ id, batchId, testId, createdAt: daysAgo(ageDays) });

/** Test t1 ran in b1 (60 d), b2 (40 d), b3 (2 d); t2 only in b1. */
const world = () => ({
  batches: [batch('b1', 60), batch('b2', 40), batch('b3', 2)],
  runs: [run('r1a', 'b1', 't1', 60), run('r1b', 'b1', 't2', 60), run('r2', 'b2', 't1', 40), run('r3', 'b3', 't1', 2)],
  lastRunIds: ['r3', 'r1b'],
});
const ids = (s: ReturnType<typeof selectPrunable>) => s.prune.map((p) => p.batch.id);
const kept = (s: ReturnType<typeof selectPrunable>) => Object.fromEntries(s.kept.map((k) => [k.batch.id, k.reason]));

describe('retention selection', () => {
  it('prunes by age, oldest first, and lists the runs that go', () => {
    const w = world();
    w.lastRunIds = ['r3'];
    w.runs = w.runs.filter((r) => r.id !== 'r1b');
    const s = selectPrunable(w, { days: 30 }, NOW);
    expect(ids(s)).toEqual(['b1', 'b2']);
    expect(s.prune[0]).toMatchObject({ reason: 'age', runIds: ['r1a'] });
    expect(selectPrunable(w, { days: 90 }, NOW).prune).toEqual([]);
  });

  it('keeps the batch holding the last run of a test, by last_run_id or by being newest', () => {
    const s = selectPrunable(world(), { days: 30 }, NOW);
    expect(ids(s)).toEqual(['b2']);
    expect(kept(s)).toEqual({ b1: 'last-run' }); // t2's only run
    const w = world();
    w.lastRunIds = [];
    expect(kept(selectPrunable(w, { days: 30 }, NOW))).toEqual({ b1: 'last-run' }); // newest run of t2 all the same
  });

  it('keeps the newest batches of each project under a count limit, per project', () => {
    const w = world();
    w.batches.push(batch('c1', 50, { projectId: 'p2' }), batch('c2', 1, { projectId: 'p2' }));
    w.runs.push(run('rc1', 'c1', 't9', 50), run('rc2', 'c2', 't9', 1));
    const s = selectPrunable(w, { batchesPerProject: 1 }, NOW);
    expect(ids(s).sort()).toEqual(['b2', 'c1']);
    expect(s.prune.every((p) => p.reason === 'count')).toBe(true);
  });

  it('age or count: either rule prunes', () => {
    const w = world();
    w.batches.push(batch('b4', 20), batch('b5', 10));
    w.runs.push(run('r4', 'b4', 't1', 20), run('r5', 'b5', 't1', 10));
    const s = selectPrunable(w, { days: 30, batchesPerProject: 2 }, NOW);
    expect(ids(s)).toEqual(['b2', 'b4']);
    expect(s.prune.map((p) => p.reason)).toEqual(['age', 'count']);
  });

  it('never prunes a running or queued batch', () => {
    const w = world();
    w.batches[1] = batch('b2', 40, { status: 'running', finishedAt: null });
    const s = selectPrunable(w, { days: 30 }, NOW);
    expect(ids(s)).toEqual([]);
    expect(kept(s)).toMatchObject({ b2: 'running' });
    w.batches[1] = batch('b2', 40, { status: 'queued', finishedAt: null });
    expect(ids(selectPrunable(w, { days: 30 }, NOW))).toEqual([]);
  });

  it('keeps every batch of the newest flaky series of a test, not older series', () => {
    const w = world();
    const old = ['f1', 'f2'];
    const fresh = ['f3', 'f4', 'f5'];
    for (const [i, id] of old.entries()) w.batches.push(batch(id, 50 - i, { kind: 'flaky', series: old }));
    for (const [i, id] of fresh.entries()) w.batches.push(batch(id, 45 - i, { kind: 'flaky', series: fresh }));
    for (const id of [...old, ...fresh]) w.runs.push(run(`r-${id}`, id, 't1', Number(w.batches.find((b) => b.id === id)!.createdAt.slice(8, 10))));
    const s = selectPrunable(w, { days: 30 }, NOW);
    expect(ids(s).sort()).toEqual(['b2', 'f1', 'f2']);
    expect(kept(s)).toMatchObject({ f3: 'flaky', f4: 'flaky', f5: 'flaky' });
  });

  it('keeps what a kept batch points into (captured values, retained cleanup records)', () => {
    const w = world();
    const s = selectPrunable({ ...w, references: new Map([['b3', ['b2']]]) }, { days: 30 }, NOW);
    expect(ids(s)).toEqual([]);
    expect(kept(s)).toMatchObject({ b2: 'referenced' });
  });

  it('does nothing without a rule', () => {
    expect(selectPrunable(world(), {}, NOW)).toEqual({ prune: [], kept: [] });
  });
});
