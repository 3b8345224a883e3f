import { describe, expect, it } from 'vitest';
import { readStep } from '../../src/steps/read.js';
import { readPlan } from '../../src/steps/describe.js';
import { ENTRY, FOCUSED } from '../../src/steps/intent.js';
import { looseWords } from '../../src/steps/lexicon.js';
import { examples as navigate } from '../../src/steps/rules/navigate.js';
import { examples as pointer } from '../../src/steps/rules/pointer.js';
import { examples as fill } from '../../src/steps/rules/fill.js';
import { examples as choose } from '../../src/steps/rules/choose.js';
import { examples as drag } from '../../src/steps/rules/drag.js';
import { examples as conditions } from '../../src/steps/rules/conditions.js';
import { examples as checks } from '../../src/steps/rules/checks.js';
import { examples as upload } from '../../src/steps/rules/upload.js';
import { REWRITES, rewriteAction } from '../../src/steps/rules/rewrite.js';
// @ts-expect-error: a plain ES module of the corpus tooling
import { readCorpus } from '../corpus/apps.mjs';

const act = (description: string) => ({ type: 'action' as const, description });
const check = (description: string) => ({ type: 'assertion' as const, description });
const intents = (step: { type: 'action' | 'assertion'; description: string }) => readStep(step).clauses.map((c) => c.intent);

describe('each rule family reads its own examples', () => {
  const families = { navigate, pointer, fill, choose, drag, conditions, checks, upload };
  for (const [family, list] of Object.entries(families)) {
    for (const [text, type, expected] of list) {
      it(`${family}: ${text}`, () => {
        const r = readStep({ type, description: text });
        expect(r.unknown).toBeUndefined();
        expect(r.clauses.map((c) => c.intent)).toMatchObject(expected);
      });
    }
  }
});

describe('clauses said another way are read as the plain clause', () => {
  for (const r of REWRITES) {
    for (const [before, after] of r.examples) {
      it(`${r.what}: ${before}`, () => {
        expect(before).toMatch(r.from);
        expect(rewriteAction(before)).toBe(after);
      });
    }
  }
});

describe('reading steps by meaning', () => {
  it('reads any form of a verb, and verbs the lexicon knows only through the tagger', () => {
    expect(intents(act('The user clicks "Save"'))).toMatchObject([{ kind: 'click', target: { name: 'Save' } }]);
    expect(intents(act('Ticked "Remember me"'))).toMatchObject([{ kind: 'check', checked: true }]);
    expect(intents(act('Upvote the "first" post'))).toMatchObject([{ kind: 'click', target: { name: 'first' } }]);
    expect(readStep(act('Upvote the "first" post')).confidence).toBeLessThan(0.7);
  });

  it('edits in place: the field inside the double-clicked item, across steps too', () => {
    expect(intents(act('Double-click "A" to edit it, replace it with "B" and press Enter'))).toMatchObject([
      { kind: 'dblclick', target: { name: 'A' } },
      { kind: 'fill', target: { name: FOCUSED, kind: 'field', within: 'A' }, value: 'B' },
      { kind: 'press', key: 'Enter' },
    ]);
    const memory = {};
    readStep(act('Add the todo "Water the plants"'), memory);
    expect(readStep(act('Double-click it to start editing'), memory).clauses[0]!.intent).toMatchObject({ kind: 'dblclick', target: { name: 'Water the plants' } });
    expect(intents(act('Add "One"'))[0]).toMatchObject({ target: { name: ENTRY } });
  });

  it('reads conditions as optional clauses and remarks as nothing to do', () => {
    const r = readStep(act('If a cookie banner shows up, dismiss it; then click "Sign in" (the blue one)'));
    expect(r.clauses.map((c) => [c.intent.kind, c.optional ?? false])).toEqual([['click', true], ['click', false]]);
    expect(r.clauses[0]!.intent).toMatchObject({ target: { area: ['cookie', 'banner'] } });
    expect(r.remarks).toContain('the blue one');
  });

  it('reads a trailing description of what was just done as a check', () => {
    expect(intents(act('Rename the list to "Groceries"; the header now reads "Groceries"')).map((i) => i.kind)).toEqual(['fill', 'expect-text']);
  });

  it('turns a check of several facts into one check per fact', () => {
    expect(intents(check('The page shows the heading "Notes", a field with the placeholder "New note" and no notes'))).toMatchObject([
      { kind: 'expect-state', target: { name: 'Notes', role: 'heading' }, state: 'visible' },
      { kind: 'expect-state', target: { name: 'New note', kind: 'field', by: 'placeholder' }, state: 'visible' },
      { kind: 'expect-count', count: 0 },
    ]);
    expect(intents(check('"Beta" is shown and "Alpha" is not'))).toEqual([
      { kind: 'expect-text', text: 'Beta', visible: true },
      { kind: 'expect-text', text: 'Alpha', visible: false },
    ]);
    expect(intents(check('A sign-in form is shown with "Email" and "Password" fields and a "Continue" button')).map((i) => i.kind)).toEqual(['expect-state', 'expect-state', 'expect-state']);
  });

  it('reads what it can and lowers the confidence instead of failing the step', () => {
    const r = readStep(act('Open the app, then juggle the todos around a bit'));
    expect(r.unknown).toBeUndefined();
    expect(r.clauses.map((c) => c.intent.kind)).toEqual(['navigate']);
    expect(r.confidence).toBeLessThanOrEqual(0.4);
    expect(r.remarks).toContain('not understood: juggle the todos around a bit');
  });

  it('calls a step not understood only when it holds no action and no check', () => {
    const r = readStep(act('Do a barrel roll'));
    expect(r.clauses).toEqual([]);
    expect(r.unknown?.words).toBe('Do a barrel roll');
    expect(r.unknown?.suggestion).toMatch(/^e\.g\. /);
  });

  it('reads an unquoted check for the words that name something, less those that describe it', () => {
    expect(looseWords('database bookshop')).toEqual({ words: ['bookshop'], context: [] });
    expect(looseWords('nodes Morning reading')).toEqual({ words: ['Morning', 'reading'], context: [] });
    expect(looseWords("Tom Green's name")).toEqual({ words: ['Tom', 'Green'], context: [] });
    expect(looseWords('both from 2024-02')).toEqual({ words: ['2024', '02'], context: [] });
    // A bare number is looked for with the kind of thing it counts; a capital makes a kind word a name.
    expect(looseWords('it shows rows 0')).toEqual({ words: ['0'], context: ['row'] });
    expect(looseWords('Notifications')).toEqual({ words: ['Notifications'], context: [] });
    // Words that only describe leave nothing to look for.
    expect(looseWords('nothing else').words).toEqual([]);
    expect(looseWords('Only').words).toEqual([]);
  });

  it('reads a verb left out, a manner of opening, a field named first and a value given as a name', () => {
    expect(intents(act('open the Recipe Index and from it the Lemon Drizzle Cake')).filter((i) => i.kind === 'click')).toMatchObject([{ target: { name: 'Recipe Index' } }, { target: { name: 'Lemon Drizzle Cake' } }]);
    expect(intents(act('Go to the Plugins page and from there click "Activate"'))).toMatchObject([{ kind: 'click', target: { name: 'Plugins' } }, { kind: 'click', target: { name: 'Activate' } }]);
    expect(intents(act('Open the Starter Feeding Log by searching for "starter"'))).toMatchObject([{ kind: 'fill', value: 'starter' }, { kind: 'press', key: 'Enter' }, { kind: 'click', target: { name: 'Starter Feeding Log' } }]);
    expect(intents(act('for the genre column pick Science in its drop-down, leave everything else empty and press Go'))).toMatchObject([{ kind: 'select', target: { name: 'genre' }, value: 'Science' }, { kind: 'click', target: { name: 'Go' } }]);
    expect(intents(act('Name the page "Compost Notes"'))).toMatchObject([{ kind: 'fill', target: { name: 'Name', kind: 'field' }, value: 'Compost Notes' }]);
    // A remark that describes a control the step does not name stands in for it.
    const [, menu] = intents(act('Log in, open the main menu (the three bars at the top right) and choose Export.'));
    expect(menu).toMatchObject({ kind: 'click', target: { orElse: { name: 'three bars', place: 'top' } } });
  });

  it('reads a count the page says as stated, and "active" as selected or usable', () => {
    expect(intents(check('novel is no longer in the table, which now says 4 items'))).toContainEqual({ kind: 'expect-count', count: 4, noun: 'items', said: true });
    expect(intents(check('the Deploy button has become active'))).toMatchObject([{ kind: 'expect-state', target: { name: 'Deploy', role: 'button' }, state: 'active' }]);
    expect(intents(check('One node now sits on the canvas'))).toMatchObject([{ kind: 'expect-state', state: 'visible' }]);
    // Names given with a count in a section the check names: the list counted is the one that holds them.
    expect(intents(check('the Recipe Index lists exactly four recipes, in this order: Cinnamon Buns, Lemon Drizzle Cake, Rye Crackers, Sourdough Loaf'))[0]).toMatchObject({ kind: 'expect-count', count: 4, scope: { name: 'Recipe Index' }, among: ['Cinnamon Buns', 'Lemon Drizzle Cake', 'Rye Crackers', 'Sourdough Loaf'] });
  });

  it('keeps quoted values whole, whatever they contain', () => {
    expect(intents(act('Type "Milk, eggs and bread" into the text area'))).toMatchObject([{ kind: 'fill', value: 'Milk, eggs and bread', target: { multiline: true } }]);
    expect(intents(check('The title is shown literally as "<i>x</i>", tags and all'))).toEqual([{ kind: 'expect-text', text: '<i>x</i>', visible: true }]);
  });
});

describe('the corpus, read without a browser', () => {
  // Every step of every corpus plan (the project's own and each first-sight set that joined it)
  // maps to the intents recorded here; a change that reads an old step differently shows up in
  // seconds. Update with `npx vitest run test/unit/frontend-reading.test.ts -u` after checking the diff.
  // The first-sight sets are kept as their readers met them: a step read wrongly there is recorded
  // as such until the reader learns it; the project's own corpus is read whole.
  const dirs = ['test/corpus/frontend', 'test/corpus/first-sight/set-1', 'test/corpus/first-sight/set-2', 'test/corpus/first-sight/set-3', 'test/corpus/first-sight/set-4', 'test/corpus/first-sight/set-5'];
  for (const dir of dirs) {
    it(`reads every step of ${dir} as recorded`, async () => {
      const plans = readCorpus(dir) as Array<{ file: string; name: string; steps: Array<{ type: 'action' | 'assertion'; description: string }> }>;
      const readings = Object.fromEntries(plans.map((p) => [`${p.file}: ${p.name}`, readPlan(p.steps).map((s) => ({ step: s.text, understood: s.understood, clauses: s.clauses.map((c) => `${c.kind} ${c.does}${c.target ? ` | ${c.target}` : ''}${c.value !== undefined ? ` | "${c.value}"` : ''}${c.optional ? ' | optional' : ''}`) }))]));
      if (dir === 'test/corpus/frontend') for (const p of Object.values(readings)) for (const s of p) expect(s.understood, s.step).toBe(true);
      // No reading carries the reader's own placeholders for quoted values (q0, u1) instead of the values.
      for (const p of Object.values(readings)) for (const s of p) for (const c of s.clauses) expect(c, s.step).not.toMatch(/\b[qu]\d+\b/);
      await expect(JSON.stringify(readings, null, 1)).toMatchFileSnapshot(`./golden/${dir.split('/').pop()}.json`);
    });
  }
});
