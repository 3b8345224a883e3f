import { describe, expect, it } from 'vitest';
import { renderExploration } from '../../cli/commands/project/render-generation.js';
import { explorationView, mergedFeatures } from '../../src/server/generation/explorer.js';
import type { ServerDeps } from '../../src/server/context.js';
import { deleteTemplatesOf } from '../../src/server/generation/specs.js';
import { editBody } from '../../src/ops/project-endpoints-edit.js';
import type { ExplorationRow } from '../../src/store/repos/generation.js';
import type { ApiEndpoint } from '../../src/contract/discovery.js';

const feature = (id: string, status: string) => ({ id, name: id, url: `/${id}`, kind: 'navigation', status, observedSteps: [], screenshots: [`features/${id}/step-001.png`] });
const row = (id: string, at: string, features: object[], only: string[] = [], status = 'done'): ExplorationRow => ({
  id, project_id: 'prj_1', user_id: 'usr_1', status, base_url: 'http://app/', with_account: 1, only_features: JSON.stringify(only),
  signed_in: 1, sign_in_error: null, error: null, features: JSON.stringify(features), artifacts_dir: `explorations/${id}`, created_at: at, finished_at: at, live: null,
});

describe('exploration history', () => {
  const full = row('exp_a', '2025-01-01T00:00:00Z', [feature('todos', 'done'), feature('reports', 'failed')]);
  const retry = row('exp_b', '2025-01-01T00:01:00Z', [feature('reports', 'done')], ['reports']);
  const again = row('exp_c', '2025-01-01T00:02:00Z', [feature('todos', 'blocked')]);
  const ids = (rows: ExplorationRow[], upTo: ExplorationRow) => mergedFeatures(rows, upTo).map((f) => `${f.view.id}:${f.view.status}@${f.view.explorationId}`);

  it('a retry replaces only the features it visited', () => {
    expect(ids([full, retry], retry)).toEqual(['todos:done@exp_a', 'reports:done@exp_b']);
    expect(mergedFeatures([full, retry], retry)[1]!.view.recordings).toEqual(['explorations/exp_b/features/reports/step-001.png']);
  });
  it('a full exploration starts over, and an older one is shown as it was', () => {
    expect(ids([full, retry, again], again)).toEqual(['todos:blocked@exp_c']);
    expect(ids([full, retry, again], full)).toEqual(['todos:done@exp_a', 'reports:failed@exp_a']);
  });
  it('a full exploration that broke does not hide the previous results', () => {
    const broken = row('exp_d', '2025-01-01T00:03:00Z', [], [], 'failed');
    const later = row('exp_e', '2025-01-01T00:04:00Z', [feature('about', 'done')], ['about']);
    expect(ids([full, broken, later], later)).toEqual(['todos:done@exp_a', 'reports:failed@exp_a', 'about:done@exp_e']);
  });
});

describe('an exploration in flight, as any API process reads it', () => {
  const deps = { store: { dataDir: '/data' } } as ServerDeps;
  const running = (at: string): ExplorationRow => ({
    ...row('exp_r', '2025-01-01T00:00:00Z', [feature('todos', 'exploring'), feature('about', 'done')], [], 'running'),
    finished_at: null,
    live: JSON.stringify({ at, steps: { todos: { index: 1, description: 'Click "Add"', status: 'running', screenshot: 'explorations/exp_r/features/todos/step-001.jpg' } } }),
  });

  it('shows the step in flight and the newest screenshot of a feature being explored, and runs while its explorer writes', () => {
    const e = running(new Date().toISOString());
    const v = explorationView(e, [e], deps, true);
    expect(v.status).toBe('running');
    expect(v.features.map((f) => f.current ?? null)).toEqual([
      { index: 1, description: 'Click "Add"', status: 'running', screenshot: 'explorations/exp_r/features/todos/step-001.jpg' },
      null,
    ]);
  });

  it('the text output of `svc project exploration` names the step in flight and the newest screenshot', () => {
    const e = running(new Date().toISOString());
    const text = renderExploration(explorationView(e, [e], deps, true));
    expect(text).toMatch(/^todos\s+todos\s+exploring\s+\/todos\s+1\s+-$/m);
    expect(text).toContain('in flight:\n  todos: step 2 (running): Click "Add"; latest screenshot explorations/exp_r/features/todos/step-001.jpg\n');
    // A feature not yet on a step says so; once nothing is exploring, there is no such section.
    const opening = { ...e, live: JSON.stringify({ at: new Date().toISOString(), steps: {} }) };
    expect(renderExploration(explorationView(opening, [opening], deps, true))).toContain('in flight:\n  todos: opening the feature\n');
    const done = row('exp_d', '2025-01-01T00:00:00Z', [feature('todos', 'done')]);
    expect(renderExploration(explorationView(done, [done], deps, false))).not.toContain('in flight');
  });

  it('reads as interrupted once its worker is gone (explorationAlive: its job lease lapsed), running while it lives', () => {
    const e = running(new Date(Date.now() - 60_000).toISOString());
    expect(explorationView(e, [e], deps, false)).toMatchObject({ status: 'failed', error: expect.stringContaining('interrupted') });
    expect(explorationView(e, [e], deps, true).status).toBe('running');
  });
});

describe('endpoint edits', () => {
  it.each([
    [{ op: 'update', id: 'GET /a', auth: 'none' }, { op: 'update', id: 'GET /a', auth: 'none' }],
    [{ op: 'setFamilyAuth', family: 'users', auth: 'bearer' }, { op: 'setFamilyAuth', family: 'users', auth: 'bearer' }],
    [{ op: 'add', method: 'GET', path: '/x' }, { op: 'add', method: 'GET', path: '/x' }],
    [{ op: 'remove', id: 'GET /a' }, { op: 'remove', id: 'GET /a' }],
  ] as const)('maps the flat tool input %j', (input, body) => {
    expect(editBody({ projectId: 'prj_1', ...input })).toEqual(body);
  });
  it.each([
    [{ op: 'update' }, 'update needs id'],
    [{ op: 'setFamilyAuth', family: 'users' }, 'setFamilyAuth needs auth'],
    [{ op: 'add', method: 'GET' }, 'add needs path'],
  ] as const)('refuses %j', (input, message) => {
    expect(() => editBody({ projectId: 'prj_1', ...input })).toThrow(message);
  });
  it('cleanup templates are the DELETE paths, once each, sorted', () => {
    const ep = (method: string, path: string) => ({ method, path }) as ApiEndpoint;
    expect(deleteTemplatesOf([ep('DELETE', '/users/{id}'), ep('GET', '/users/{id}'), ep('DELETE', '/comments/{id}'), ep('DELETE', '/users/{id}')])).toEqual(['/comments/{id}', '/users/{id}']);
  });
});
