import type { PlanAccepted, PlanView } from '../../../src/contract/generation.js';
import { renderTable } from '../../../src/output/table.js';

export function renderPlan(v: PlanView & { nextToken?: string | null }): string {
  let s = '';
  if (v.summary) s += `${v.summary}\n`;
  s += `${v.type} plan of ${v.projectId}: ${v.counts.total} case(s), ${v.counts.selected} selected, ${v.counts.accepted} accepted${v.instructions ? ` (focus: ${v.instructions})` : ''}\n`;
  const changed = new Set(v.changed ?? []);
  s += renderTable(
    ['SEL', 'CASE', 'CATEGORY', 'PRIORITY', 'TITLE', 'TEST'],
    v.cases.map((c) => [`${c.selected ? '[x]' : '[ ]'}${changed.has(c.id) ? '*' : ''}`, c.id, c.category, c.priority, c.title, c.testId]),
  );
  for (const w of v.warnings) s += `warning: ${w}\n`;
  if (v.nextToken) s += `nextToken: ${v.nextToken}\n`;
  return s;
}

export function renderAccepted(a: PlanAccepted): string {
  let s = `created ${a.created.length} test(s), ${a.existing.length} already accepted\n`;
  s += renderTable(['CASE', 'TEST', 'NAME', ''], [...a.created.map((c) => [c.caseId, c.testId, c.name, 'created']), ...a.existing.map((c) => [c.caseId, c.testId, c.name, 'existing'])]);
  return s;
}
