import { SvcError } from '../contract/errors.js';

/** What the planner needs to know about a test. */
export interface PlanTest {
  id: string;
  name: string;
  type: 'frontend' | 'backend';
  produces: string[];
  needs: string[];
  category: string | null;
}

export type Role = 'selected' | 'producer' | 'consumer' | 'teardown' | 'member';

export interface AssembledPlan {
  /** Test ids in a valid execution order. */
  order: string[];
  /** Topological layers; hostile probes after the others, teardown/cleanup tests last. */
  waves: string[][];
  waveOf: Record<string, number>;
  /** Direct upstream tests of each test (producers of its needs, plus all non-teardown tests for teardowns). */
  deps: Record<string, string[]>;
  /** The test chosen to produce each variable. */
  producerOf: Record<string, string>;
  /** Variables with more than one producer and which one was picked (SPEC.md 3.5.3). */
  duplicates: { name: string; chosen: string; others: string[] }[];
  /** needs no test in the plan produces: name -> consumer ids. */
  unproduced: Record<string, string[]>;
}

export function isTeardown(t: PlanTest): boolean {
  return t.category === 'teardown' || t.category === 'cleanup';
}

/**
 * A probe with hostile input (malformed or non-object bodies, wrong types, injection strings,
 * huge payloads) that hands nothing on: the probes run together after every other test but the
 * teardowns, so an input that brings the app down does so after the rest of the suite has run.
 */
export function isHostile(t: PlanTest): boolean {
  return t.category === 'hostile' && t.produces.length === 0;
}

/** Picks producers consistently (first by id, ids being creation-ordered) and records duplicates. */
export function producersOf(tests: PlanTest[]): { producerOf: Record<string, string>; duplicates: AssembledPlan['duplicates'] } {
  const all: Record<string, string[]> = {};
  for (const t of [...tests].sort((a, b) => (a.id < b.id ? -1 : 1))) for (const v of t.produces) (all[v] ??= []).push(t.id);
  const producerOf: Record<string, string> = {};
  const duplicates: AssembledPlan['duplicates'] = [];
  for (const [v, ids] of Object.entries(all)) {
    producerOf[v] = ids[0]!;
    if (ids.length > 1) duplicates.push({ name: v, chosen: ids[0]!, others: ids.slice(1) });
  }
  return { producerOf, duplicates };
}

/**
 * Builds the dependency graph and waves. A cycle is refused before anything runs with
 * 'Could not assemble - circular dependency between X and Y' (the whole path when longer).
 */
export function assemble(tests: PlanTest[]): AssembledPlan {
  const byId = new Map(tests.map((t) => [t.id, t]));
  const { producerOf, duplicates } = producersOf(tests);
  const deps: Record<string, string[]> = {};
  const unproduced: Record<string, string[]> = {};
  for (const t of tests) {
    const d = new Set<string>();
    for (const v of t.needs) {
      const p = producerOf[v];
      if (p === undefined) (unproduced[v] ??= []).push(t.id);
      else if (p !== t.id) d.add(p);
    }
    deps[t.id] = [...d];
  }
  detectCycle(tests, deps, byId);
  // Hostile probes wait for every ordinary test.
  const ordinary = tests.filter((t) => !isTeardown(t) && !isHostile(t)).map((t) => t.id);
  const hostile = tests.filter(isHostile).map((t) => t.id);
  for (const id of hostile) deps[id] = [...new Set([...deps[id]!, ...ordinary])];
  // Teardowns wait for every other test (SPEC.md 3.5.6: final wave).
  const normal = [...ordinary, ...hostile];
  for (const t of tests) if (isTeardown(t)) deps[t.id] = [...new Set([...deps[t.id]!, ...normal])];

  const waveOf: Record<string, number> = {};
  const visit = (id: string): number => {
    if (waveOf[id] !== undefined) return waveOf[id]!;
    const w = deps[id]!.length ? 1 + Math.max(...deps[id]!.map(visit)) : 0;
    return (waveOf[id] = w);
  };
  tests.forEach((t) => visit(t.id));
  const waves: string[][] = [];
  for (const t of tests) (waves[waveOf[t.id]!] ??= []).push(t.id);
  const order = waves.flat();
  return { order, waves: waves.filter(Boolean), waveOf, deps, producerOf, duplicates, unproduced };
}

function detectCycle(tests: PlanTest[], deps: Record<string, string[]>, byId: Map<string, PlanTest>): void {
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const dfs = (id: string): void => {
    state.set(id, 1);
    stack.push(id);
    for (const d of deps[id] ?? []) {
      if (state.get(d) === 1) {
        const cycle = stack.slice(stack.indexOf(d));
        const names = cycle.map((c) => byId.get(c)!.name);
        const first = names[0]!;
        const second = names[1] ?? first;
        const path = cycle.length > 2 ? ` (${[...names, first].join(' -> ')})` : '';
        throw new SvcError('VALIDATION_ERROR', `Could not assemble - circular dependency between ${first} and ${second}${path}`, {
          nextAction: 'Break the cycle: change --needs/--produces so no two tests need values from each other (svc test update).',
          details: { cycle: cycle.map((c) => ({ testId: c, name: byId.get(c)!.name })) },
        });
      }
      if (!state.has(d)) dfs(d);
    }
    stack.pop();
    state.set(id, 2);
  };
  for (const t of [...tests].sort((a, b) => (a.id < b.id ? -1 : 1))) if (!state.has(t.id)) dfs(t.id);
}

/**
 * The dependency closure of a rerun (SPEC.md 4.6, 4.7): the selected tests, every transitive
 * producer of what they need, consumers of what they produce when `cascade` is set, and the
 * teardown tests that need anything produced in the closure.
 */
export function closure(all: PlanTest[], selected: string[], opts: { cascade: boolean }): { ids: string[]; roles: Record<string, Role> } {
  const byId = new Map(all.map((t) => [t.id, t]));
  const { producerOf } = producersOf(all);
  const roles: Record<string, Role> = {};
  for (const id of selected) roles[id] = 'selected';
  const queue = [...selected];
  while (queue.length) {
    const t = byId.get(queue.shift()!)!;
    for (const v of t.needs) {
      const p = producerOf[v];
      if (p && !roles[p]) {
        roles[p] = 'producer';
        queue.push(p);
      }
    }
  }
  if (opts.cascade) {
    const down = [...selected];
    while (down.length) {
      const t = byId.get(down.shift()!)!;
      for (const c of all) {
        if (roles[c.id] || isTeardown(c)) continue;
        if (c.needs.some((v) => t.produces.includes(v) && producerOf[v] === t.id)) {
          roles[c.id] = 'consumer';
          down.push(c.id);
          // A cascaded consumer may need values from producers outside the closure.
          for (const v of c.needs) {
            const p = producerOf[v];
            if (p && !roles[p]) roles[p] = 'producer';
          }
        }
      }
    }
  }
  const produced = new Set(Object.keys(roles).flatMap((id) => byId.get(id)!.produces));
  for (const t of all) {
    if (!roles[t.id] && isTeardown(t) && t.needs.some((v) => produced.has(v))) roles[t.id] = 'teardown';
  }
  return { ids: all.filter((t) => roles[t.id]).map((t) => t.id), roles };
}

export function closureMessage(roles: Record<string, Role>): string {
  const n = Object.keys(roles).length;
  const count = (r: Role) => Object.values(roles).filter((x) => x === r).length;
  const sel = count('selected') + count('member');
  let s = `Reran ${n} test${n === 1 ? '' : 's'}: ${sel} selected + ${count('producer')} producer(s) + ${count('teardown')} teardown(s)`;
  if (count('consumer')) s += ` + ${count('consumer')} consumer(s)`;
  return s;
}
