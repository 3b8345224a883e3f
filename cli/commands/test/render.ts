import type { Test, TestCreated, TestPage } from '../../../src/contract/tests.js';
import { renderFields, renderTable } from '../../../src/output/table.js';

export function renderCreated(t: TestCreated): string {
  return renderFields([
    ['testId', t.testId],
    ['type', t.type],
    ['codeVersion', t.codeVersion],
    ['createdAt', t.createdAt],
    ['dashboardUrl', t.dashboardUrl],
  ]);
}

export function renderTest(t: Test): string {
  let s = renderFields([
    ['id', t.id],
    ['projectId', t.projectId],
    ['projectName', t.projectName],
    ['name', t.name],
    ['type', t.type],
    ['createdFrom', t.createdFrom],
    ['status', t.status],
    ['priority', t.priority ?? null],
    ['description', t.description],
    ['createdAt', t.createdAt],
    ['updatedAt', t.updatedAt],
    ['codeVersion', t.codeVersion],
    ['planStepCount', t.planStepCount],
    ['codeBytes', t.details?.codeBytes],
    ['produces', t.produces],
    ['consumes', t.consumes],
    ['category', t.category],
    ['lastRunId', t.lastRunId],
    ['dashboard', t.dashboardUrl],
  ]);
  const steps = t.details?.planSteps;
  if (steps?.length) s += `planSteps:\n${steps.map((p, i) => `  ${String(i + 1).padStart(3)}. [${p.type}] ${p.description}`).join('\n')}\n`;
  return s;
}

export function renderTestPage(page: TestPage): string {
  let s = renderTable(
    ['ID', 'NAME', 'TYPE', 'STATUS', 'PRIORITY', 'FROM', 'CREATED'],
    page.items.map((t) => [t.id, t.name, t.type, t.status, t.priority, t.createdFrom, t.createdAt]),
  );
  if (page.nextToken) s += `nextToken: ${page.nextToken}\n`;
  return s;
}
