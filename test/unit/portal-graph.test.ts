import { describe, expect, it } from 'vitest';
import { graphSvg, MAX_GRAPH_NODES } from '../../src/server/portal/graph.js';
import { dependencyGraph } from '../../src/server/portal/run-batch-tabs.js';

const step = (testId: string, produces: string[], needs: string[], status = 'passed') => ({ testId, testName: `Test ${testId}`, runId: `run_${testId}`, status: status as 'passed', produces, needs });

describe('the dependency graph of a batch', () => {
  it('is the producer/consumer graph, not a forced line: one producer feeds two consumers, one of them needs both', () => {
    const chains = [{ name: 'a → d', steps: [step('a', ['user_id'], []), step('b', ['order_id'], ['user_id']), step('c', [], ['user_id']), step('d', [], ['user_id', 'order_id'], 'blocked')], captures: [], stats: { steps: 4, captures: 2, passed: 3, failed: 0, blocked: 1 } }];
    const g = dependencyGraph(chains);
    expect(g.nodes.map((n) => [n.id, n.status, n.href])).toEqual([['a', 'passed', '/portal/runs/run_a'], ['b', 'passed', '/portal/runs/run_b'], ['c', 'passed', '/portal/runs/run_c'], ['d', 'blocked', '/portal/runs/run_d']]);
    expect(g.edges).toEqual([{ from: 'a', to: 'b', label: 'user_id' }, { from: 'a', to: 'c', label: 'user_id' }, { from: 'a', to: 'd', label: 'user_id' }, { from: 'b', to: 'd', label: 'order_id' }]);
  });

  it('takes the producer the engine picks when two tests produce a name (the first by id)', () => {
    const chains = [{ name: 'x', steps: [step('t2', ['id'], []), step('t1', ['id'], []), step('t3', [], ['id'])], captures: [], stats: { steps: 3, captures: 1, passed: 3, failed: 0, blocked: 0 } }];
    expect(dependencyGraph(chains).edges).toEqual([{ from: 't1', to: 't3', label: 'id' }]);
  });

  it('is laid out by dagre into an SVG with a node and link per test, an arrow per flow, escaped', () => {
    const svg = graphSvg([{ id: 'a', label: 'Create <user>', status: 'passed', href: '/portal/runs/r1' }, { id: 'b', label: 'Read it', status: 'failed' }], [{ from: 'a', to: 'b', label: 'user_id' }], { id: 'g1', caption: 'c' }).text;
    expect(svg).toContain('aria-hidden="true"');
    expect(svg).toContain('<a href="/portal/runs/r1" tabindex="-1">');
    expect(svg).toContain('Create &lt;user&gt;');
    expect(svg).toMatch(/<path class="g-edge" d="M[\d.]+ [\d.]+ L/);
    expect(svg).toContain('>user_id</text>');
    expect((svg.match(/<rect /g) ?? []).length).toBe(2);
    expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/);
  });

  it('is not drawn past its node limit; the caller lists them instead', () => {
    const many = Array.from({ length: MAX_GRAPH_NODES + 1 }, (_, i) => ({ id: `n${i}`, label: `n${i}` }));
    expect(graphSvg(many, [], { id: 'g', caption: '' }).text).toContain('the list below has them all');
  });
});
