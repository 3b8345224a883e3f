import type { RunRow } from '../store/repos/runs.js';
import type { AssembledPlan, PlanTest } from './plan.js';
import { isTeardown } from './plan.js';

export interface ChainBody {
  name: string;
  steps: { testId: string; testName: string; runId: string; status: string; produces: string[]; needs: string[] }[];
  captures: string[];
  stats: { steps: number; captures: number; passed: number; failed: number; blocked: number };
}

/**
 * Integration chains (SPEC.md 2.4): tests connected by values flowing from producer to consumer,
 * each chain in execution order. Tests with no such links are endpoint tests, listed apart.
 */
export function assembleChains(tests: PlanTest[], runs: Pick<RunRow, 'id' | 'test_id' | 'status' | 'verdict'>[], plan: AssembledPlan): ChainBody[] {
  const runOf = new Map(runs.map((r) => [r.test_id, r]));
  const links = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    (links.get(a) ?? links.set(a, new Set()).get(a)!).add(b);
    (links.get(b) ?? links.set(b, new Set()).get(b)!).add(a);
  };
  for (const t of tests) {
    for (const v of t.needs) {
      const p = plan.producerOf[v];
      if (p && p !== t.id) link(p, t.id);
    }
  }
  const seen = new Set<string>();
  const chains: ChainBody[] = [];
  const order = new Map(plan.order.map((id, i) => [id, i]));
  for (const t of tests) {
    if (seen.has(t.id) || !links.has(t.id)) continue;
    const members: string[] = [];
    const stack = [t.id];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      members.push(id);
      for (const n of links.get(id) ?? []) stack.push(n);
    }
    members.sort((a, b) => (plan.waveOf[a]! - plan.waveOf[b]!) || order.get(a)! - order.get(b)!);
    const byId = new Map(tests.map((x) => [x.id, x]));
    const steps = members.map((id) => {
      const pt = byId.get(id)!;
      const r = runOf.get(id);
      return { testId: id, testName: pt.name, runId: r?.id ?? '', status: r ? (r.status === 'cancelled' ? 'cancelled' : (r.verdict ?? r.status)) : 'queued', produces: pt.produces, needs: pt.needs };
    });
    const captures = [...new Set(members.flatMap((id) => byId.get(id)!.needs.filter((v) => members.includes(plan.producerOf[v] ?? ''))))];
    const first = steps.find((s) => !isTeardown(byId.get(s.testId)!)) ?? steps[0]!;
    chains.push({
      name: `${first.testName} → ${steps[steps.length - 1]!.testName}`,
      steps,
      captures,
      stats: {
        steps: steps.length,
        captures: captures.length,
        passed: steps.filter((s) => s.status === 'passed').length,
        failed: steps.filter((s) => s.status === 'failed').length,
        blocked: steps.filter((s) => s.status === 'blocked').length,
      },
    });
  }
  return chains;
}
