import { describe, expect, it } from 'vitest';
import { draftPlans, type PlanCase } from '../../src/engine/frontend/plan.js';
import { editCase, PlanEditError } from '../../src/engine/frontend/plan-edit.js';
import type { ExploredFeature } from '../../src/engine/frontend/explore.js';
import { exportPlaywright } from '../../src/engine/frontend/export.js';

const feature = (over: Partial<ExploredFeature>): ExploredFeature => ({
  id: 'nav-todos', name: 'Todos', url: '/todos', kind: 'navigation', status: 'done', observedSteps: [], screenshots: [], ...over,
});

describe('drafting plans', () => {
  it('uses observed flows, then the PRD, then the description', () => {
    const cases = draftPlans({
      features: [
        feature({ observedSteps: [{ type: 'action', description: 'Go to /todos' }, { type: 'assertion', description: 'Verify "Todo list" is visible' }] }),
        feature({ id: 'nav-reports', name: 'Reports', url: '/reports', status: 'failed', reason: 'HTTP 500' }),
        feature({ id: 'nav-billing', name: 'Billing', url: '/billing', status: 'blocked' }),
      ],
      prdFeatures: [{ name: 'Reports', useCases: ['Click "Export"'] }, { name: 'Invoices' }],
      description: 'Billing shows the current plan. Unrelated sentence here.',
    });
    expect(cases.map((c) => [c.featureId, c.source, c.selected])).toEqual([
      ['nav-todos', 'exploration', true],
      ['nav-reports', 'prd', true],
      ['nav-billing', 'description', true],
      ['prd-invoices', 'prd', true],
    ]);
    expect(cases[1]!.steps.map((s) => s.description)).toEqual(['Go to /reports', 'Click "Export"', 'Verify "Reports" is visible', 'The page shows no error']);
    expect(cases[2]!.steps[0]).toEqual({ type: 'action', description: 'Sign in' });
    expect(cases[2]!.steps.map((s) => s.description)).toContain('Billing shows the current plan');
  });

  it('signs in first for a feature whose exploration signed in before it failed', () => {
    const [c] = draftPlans({
      features: [feature({ id: 'nav-reports', name: 'Reports', url: '/reports', status: 'failed', reason: 'HTTP 500', observedSteps: [{ type: 'action', description: 'Sign in' }, { type: 'action', description: 'Go to /reports' }] })],
    });
    expect(c!.steps.map((s) => s.description)).toEqual(['Sign in', 'Go to /reports', 'Verify "Reports" is visible', 'The page shows no error']);
  });
});

describe('editing a case in natural language', () => {
  const base: PlanCase = {
    id: 'c1', title: 'Todos', featureId: 'nav-todos', source: 'exploration', selected: true,
    steps: [
      { type: 'action', description: 'Go to /todos' },
      { type: 'action', description: 'Type "milk" into the "New item" field' },
      { type: 'action', description: 'Click "Add"' },
    ],
  };
  it('applies the documented rules', () => {
    expect(editCase(base, 'also check that the counter shows 2 items').steps.at(-1)).toEqual({ type: 'assertion', description: 'Verify the counter shows 2 items' });
    expect(editCase(base, 'remove the last step').steps).toHaveLength(2);
    expect(editCase(base, 'remove step 1').steps[0]!.description).toBe('Type "milk" into the "New item" field');
    expect(editCase(base, 'rename to Add an item').title).toBe('Add an item');
    expect(editCase(base, 'replace "milk" with "eggs"').steps[1]!.description).toBe('Type "eggs" into the "New item" field');
    expect(editCase(base, 'use "bread" instead of "milk"').steps[1]!.description).toContain('"bread"');
    expect(editCase(base, 'insert Wait 1 second after step 1').steps[1]).toEqual({ type: 'action', description: 'Wait 1 second' });
    expect(editCase(base, 'replace step 3 with Press Enter').steps[2]!.description).toBe('Press Enter');
    expect(editCase(base, 'deselect').selected).toBe(false);
    const multi = editCase(base, 'then Verify "milk" is visible; rename to Milk');
    expect([multi.title, multi.steps.at(-1)!.type]).toEqual(['Milk', 'assertion']);
    expect(base.steps).toHaveLength(3);
  });
  it('rejects what it cannot read', () => {
    expect(() => editCase(base, 'make it better somehow')).toThrow(PlanEditError);
    expect(() => editCase(base, 'remove step 9')).toThrow(/no step 9/);
  });
});

describe('export', () => {
  it('writes a Playwright test with the recorded locators and no secrets', () => {
    const out = exportPlaywright({
      version: 1, baseUrl: 'http://127.0.0.1:3000', testIdAttributes: ['data-testid'],
      steps: [
        { index: 0, type: 'action', description: 'Sign in', action: { kind: 'sign-in', username: { strategy: 'label', text: 'Username' }, password: { strategy: 'css', selector: 'input[type="password"]', nth: 0 }, submit: { strategy: 'role', role: 'button', name: 'Sign in' } } },
        { index: 1, type: 'action', description: 'Click "Add"', action: { kind: 'click', target: { strategy: 'testid', attribute: 'data-testid', value: 'add-button' } } },
        { index: 2, type: 'assertion', description: 'URL contains /todos', action: { kind: 'expect-url', contains: '/todos' } },
        { index: 3, type: 'action', description: 'Press Enter', action: { kind: 'press', key: 'Enter' } },
      ],
    }, 'Add a todo');
    expect(out).toMatchObject({ language: 'typescript', framework: 'playwright', filename: 'add-a-todo.spec.ts' });
    expect(out.code).toContain("import { test, expect } from '@playwright/test';");
    expect(out.code).toContain("await page.getByTestId('add-button').click();");
    expect(out.code).toContain('await expect(page).toHaveURL(/\\/todos/);');
    expect(out.code).toContain('process.env.SVC_TEST_PASSWORD');
    // A key is held as long as the engine holds it (some apps act on keydown a moment later).
    expect(out.code).toContain("await page.keyboard.press('Enter', { delay: 20 });");
    // Each action first waits, as the engine does, for what the last one started; assertions poll.
    expect(out.code).toContain("await settle();\n    await page.getByTestId('add-button').click();");
    expect(out.code).toContain("await settle();\n    await page.keyboard.press('Enter'");
    expect(out.code).not.toContain("await settle();\n    await expect(page).toHaveURL");
    expect(out.code).toContain("page.on('requestfinished'");
  });
});
