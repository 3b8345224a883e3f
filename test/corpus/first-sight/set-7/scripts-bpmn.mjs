// Hand-written Playwright scripts for the bpmn-js plans of set 7 (checks read the modeler's element registry).
import { T, must, waitFor } from '../kit.mjs';

const el = (page, id) => page.locator(`g.djs-element.djs-shape[data-element-id="${id}"]`);
async function openModeler(page, url) {
  page.setDefaultTimeout(T);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url);
  await page.locator('body[data-loaded=yes]').waitFor({ timeout: T });
}
/** Every element: id, type, name, source/target for connections, DI-marker info. */
const elements = (page) => page.evaluate(() => window.bpmnModeler.get('elementRegistry').getAll()
  .filter((e) => e.type !== 'bpmn:Process' && e.type !== 'label')
  .map((e) => ({ id: e.id, type: e.type, name: e.businessObject.name ?? '', source: e.source?.id, target: e.target?.id,
    def: (e.businessObject.eventDefinitions ?? []).map((d) => d.$type).join() })));
const byName = async (page, name) => (await elements(page)).filter((e) => e.name === name);
const selected = (page) => page.evaluate(() => window.bpmnModeler.get('selection').get().map((e) => e.id));
const pad = (page, action) => page.locator(`.djs-context-pad .entry[data-action="${action}"]`);
const emptySpot = async (page) => page.mouse.click(1000, 650);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const flowsOf = async (page, id) => (await elements(page)).filter((e) => e.source === id || e.target === id);
const TOP = ['Start_Requested', 'Task_CheckMembership', 'Gateway_GoodStanding', 'Task_LendBook', 'End_Lent', 'Flow_1', 'Flow_2', 'Flow_Yes', 'Flow_3'];
const has = async (page, ids) => { const all = new Set((await elements(page)).map((e) => e.id)); return ids.every((i) => all.has(i)); };

export const BPMN = {
  'the loan process at a glance': async (page, url) => {
    await openModeler(page, url);
    const all = await elements(page);
    const names = (t) => all.filter((e) => e.type === t).map((e) => e.name).sort();
    must(same(names('bpmn:StartEvent'), ['Loan requested']) && same(names('bpmn:Task'), ['Check membership', 'Lend book', 'Send reminder about fees']) && same(names('bpmn:EndEvent'), ['Book lent', 'Loan refused']), 2, JSON.stringify(all));
    const out = all.filter((e) => e.source === 'Gateway_GoodStanding').map((e) => e.name).sort();
    must(same(out, ['no', 'yes']), 3, out.join());
    must(await page.locator('[data-element-id="Flow_Yes_label"]').isVisible() && await page.locator('[data-element-id="Flow_No_label"]').isVisible(), 3, 'labels');
  },
  'selecting a task shows its tools': async (page, url) => {
    await openModeler(page, url);
    await el(page, 'Task_CheckMembership').click();
    await waitFor(2, 'selected with pad', async () => same(await selected(page), ['Task_CheckMembership']) && (await pad(page, 'replace').isVisible()) && (await pad(page, 'delete').isVisible()));
    must((await el(page, 'Task_CheckMembership').getAttribute('class')).includes('selected'), 2, 'outline');
    must((await page.locator('g.djs-element.selected').count()) === 1, 3, 'others selected');
  },
  'renaming lend book': async (page, url) => {
    await openModeler(page, url);
    await el(page, 'Task_LendBook').dblclick();
    await page.locator('.djs-direct-editing-content').waitFor({ state: 'visible' });
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Hand over book');
    await emptySpot(page);
    await waitFor(3, 'renamed', async () => (await byName(page, 'Hand over book')).length === 1 && (await byName(page, 'Lend book')).length === 0);
    must((await el(page, 'Task_LendBook').textContent()).trim() === 'Hand over book', 3, 'label on canvas');
  },
  'removing the reminder': async (page, url) => {
    await openModeler(page, url);
    await el(page, 'Task_Reminder').click();
    await pad(page, 'delete').click();
    await waitFor(3, 'reminder gone', async () => (await byName(page, 'Send reminder about fees')).length === 0);
    const no = (await elements(page)).filter((e) => e.source === 'Gateway_GoodStanding' && e.name === 'no');
    must(no.length === 1 && no[0].target === 'End_Refused', 3, JSON.stringify(no));
    must(await has(page, TOP), 4, 'top path');
  },
  'undo brings it back': async (page, url) => {
    await openModeler(page, url);
    await el(page, 'Task_CheckMembership').click();
    await page.keyboard.press('Delete');
    await waitFor(2, 'gone', async () => (await byName(page, 'Check membership')).length === 0);
    await page.keyboard.press('Control+z');
    await waitFor(4, 'back', async () => {
      const f = await flowsOf(page, 'Task_CheckMembership');
      return (await byName(page, 'Check membership')).length === 1 && f.some((x) => x.source === 'Start_Requested') && f.some((x) => x.target === 'Gateway_GoodStanding');
    });
  },
  'appending a task after lending': async (page, url) => {
    await openModeler(page, url);
    await el(page, 'Task_LendBook').click();
    await pad(page, 'append.append-task').click();
    await page.locator('.djs-direct-editing-content').waitFor({ state: 'visible' });
    await page.keyboard.type('Stamp due date');
    await page.keyboard.press('Enter');
    await waitFor(3, 'new task appended', async () => {
      const t = await byName(page, 'Stamp due date');
      if (t.length !== 1 || t[0].type !== 'bpmn:Task') return JSON.stringify(t);
      return (await flowsOf(page, t[0].id)).some((f) => f.source === 'Task_LendBook');
    });
  },
  'making the check a user task': async (page, url) => {
    await openModeler(page, url);
    await el(page, 'Task_CheckMembership').click();
    await pad(page, 'replace').click();
    await page.locator('.djs-popup .entry', { hasText: /^User task$/ }).click();
    await waitFor(3, 'user task', async () => { const t = await byName(page, 'Check membership'); return (t.length === 1 && t[0].type === 'bpmn:UserTask') || JSON.stringify(t); });
    const id = (await byName(page, 'Check membership'))[0].id;
    const f = await flowsOf(page, id);
    must(f.some((x) => x.source === 'Start_Requested') && f.some((x) => x.target === 'Gateway_GoodStanding'), 4, 'flows');
  },
  'turning the gateway parallel': async (page, url) => {
    await openModeler(page, url);
    await el(page, 'Gateway_GoodStanding').click();
    await pad(page, 'replace').click();
    await page.locator('.djs-popup .entry', { hasText: /^Parallel gateway$/ }).click();
    await waitFor(2, 'parallel', async () => { const g = await byName(page, 'Member in good standing?'); return (g.length === 1 && g[0].type === 'bpmn:ParallelGateway') || JSON.stringify(g); });
    const id = (await byName(page, 'Member in good standing?'))[0].id;
    const targets = (await flowsOf(page, id)).filter((f) => f.source === id).map((f) => f.target).sort();
    must(same(targets, ['Task_LendBook', 'Task_Reminder']), 2, targets.join());
  },
  'a new end event from the palette': async (page, url) => {
    await openModeler(page, url);
    await page.locator('.djs-palette .entry[data-action="create.end-event"]').click();
    await page.mouse.move(560, 500);
    await page.mouse.move(550, 520, { steps: 4 });
    await page.mouse.click(550, 520);
    await waitFor(3, 'three end events', async () => {
      const ends = (await elements(page)).filter((e) => e.type === 'bpmn:EndEvent');
      const fresh = ends.filter((e) => !['End_Lent', 'End_Refused'].includes(e.id));
      return (ends.length === 3 && fresh[0].name === '' && (await flowsOf(page, fresh[0].id)).length === 0) || JSON.stringify(ends);
    });
  },
  'finding the reminder with search': async (page, url) => {
    await openModeler(page, url);
    await page.locator('#canvas').click({ position: { x: 1000, y: 650 } });
    await page.keyboard.press('Control+f');
    await page.locator('.djs-search-input input').waitFor({ state: 'visible' });
    await page.keyboard.type('reminder');
    await waitFor(3, 'one match', async () => {
      const r = (await page.locator('.djs-search-results .djs-search-result').allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim());
      return (r.length === 1 && r[0].includes('Send reminder about fees')) || r.join(' | ');
    });
    await page.keyboard.press('Enter');
    await waitFor(5, 'closed and selected', async () => !(await page.locator('.djs-search-input input').isVisible()) && same(await selected(page), ['Task_Reminder']));
  },
  'a note on the gateway': async (page, url) => {
    await openModeler(page, url);
    await el(page, 'Gateway_GoodStanding').click();
    await pad(page, 'append.text-annotation').click();
    await page.locator('.djs-direct-editing-content').waitFor({ state: 'visible' });
    await page.keyboard.type('Ask at the loans desk');
    await emptySpot(page);
    await waitFor(3, 'annotation linked', async () => {
      const all = await page.evaluate(() => window.bpmnModeler.get('elementRegistry').getAll().map((e) => ({ id: e.id, type: e.type, text: e.businessObject.text, s: e.source?.id, t: e.target?.id })));
      const a = all.find((e) => e.type === 'bpmn:TextAnnotation');
      return (a && a.text === 'Ask at the loans desk' && all.some((e) => e.type === 'bpmn:Association' && [e.s, e.t].includes(a.id) && [e.s, e.t].includes('Gateway_GoodStanding'))) || JSON.stringify(a);
    });
  },
  'lasso away the lower branch': async (page, url) => {
    await openModeler(page, url);
    await page.locator('.djs-palette .entry[data-action="lasso-tool"]').click();
    const a = await el(page, 'Task_Reminder').boundingBox();
    const b = await el(page, 'End_Refused').boundingBox();
    await page.mouse.move(a.x - 15, a.y - 12);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width + 40, b.y + b.height + 40, { steps: 8 });
    await page.mouse.up();
    await page.keyboard.press('Delete');
    await waitFor(3, 'lower branch gone', async () => {
      const ids = (await elements(page)).map((e) => e.id);
      return (!ids.includes('Task_Reminder') && !ids.includes('End_Refused') && (await has(page, ['Task_CheckMembership', 'Gateway_GoodStanding', 'Task_LendBook', 'End_Lent']))) || ids.join();
    });
  },
  'redo after undo': async (page, url) => {
    await openModeler(page, url);
    await el(page, 'End_Lent').click();
    await page.keyboard.press('Delete');
    await waitFor(1, 'deleted', async () => (await byName(page, 'Book lent')).length === 0);
    await page.keyboard.press('Control+z');
    await waitFor(2, 'undone', async () => (await byName(page, 'Book lent')).length === 1);
    await page.keyboard.press('Control+y');
    await waitFor(3, 'redone', async () => (await byName(page, 'Book lent')).length === 0 && !(await flowsOf(page, 'Task_LendBook')).some((f) => f.source === 'Task_LendBook'));
  },
  'undoing a deletion made with the trash can': async (page, url) => {
    await openModeler(page, url);
    await el(page, 'End_Lent').click();
    await pad(page, 'delete').click();
    await waitFor(2, 'deleted', async () => (await byName(page, 'Book lent')).length === 0);
    await page.keyboard.press('Control+z');
    await waitFor(4, 'Book lent back after Ctrl+Z (the trash can leaves the canvas without keyboard focus, so Ctrl+Z does nothing)', async () => {
      const f = await flowsOf(page, 'End_Lent');
      return ((await byName(page, 'Book lent')).length === 1 && f.some((x) => x.source === 'Task_LendBook')) || `Book lent present: ${(await byName(page, 'Book lent')).length}, focus on ${await page.evaluate(() => document.activeElement.tagName)}`;
    }, 4000);
  },
  'a refusal becomes an error': async (page, url) => {
    await openModeler(page, url);
    await el(page, 'End_Refused').click();
    await pad(page, 'replace').click();
    await page.locator('.djs-popup .entry', { hasText: /^Error end event$/ }).click();
    await waitFor(3, 'error end event', async () => {
      const e = await byName(page, 'Loan refused');
      return (e.length === 1 && e[0].type === 'bpmn:EndEvent' && e[0].def === 'bpmn:ErrorEventDefinition') || JSON.stringify(e);
    });
  },
};
