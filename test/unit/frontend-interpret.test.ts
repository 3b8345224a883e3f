import { describe, expect, it } from 'vitest';
import { ENTRY, FOCUSED, interpret } from '../../src/engine/frontend/interpret.js';

const act = (description: string) => ({ type: 'action' as const, description });
const check = (description: string) => ({ type: 'assertion' as const, description });
const kinds = (description: string, type: 'action' | 'assertion' = 'action') => interpret({ type, description }).clauses.map((c) => c.intent.kind);

describe('reading steps as people write them', () => {
  it('navigates to a path named anywhere in the sentence, and to the project URL without one', () => {
    expect(interpret(act('Open the Notes app at /notes/')).clauses[0]!.intent).toEqual({ kind: 'navigate', url: '/notes/' });
    expect(interpret(act('Visit the homepage')).clauses[0]!.intent).toEqual({ kind: 'navigate', url: '' });
    expect(interpret(act('Navigate to #/completed')).clauses[0]!.intent).toEqual({ kind: 'navigate', url: '#/completed' });
  });

  it('splits compound sentences and signs in with the credentials written in the step', () => {
    const r = interpret(act('Open the dashboard at /admin and sign in as "u" with the password "p"'));
    expect(r.clauses.map((c) => c.intent)).toEqual([{ kind: 'navigate', url: '/admin' }, { kind: 'sign-in', username: 'u', password: 'p' }]);
    expect(r.clauses.map((c) => c.text)).toEqual(['Open the dashboard at /admin', 'sign in as "u" with the password "p"']);
  });

  it('repeats an action for each value of a list after a colon', () => {
    const r = interpret(act('Add three items by typing each into "New item" and pressing Enter: "a", "b", "c"'));
    expect(r.clauses.map((c) => c.intent)).toEqual(['a', 'b', 'c'].flatMap((v) => [
      { kind: 'fill', target: { name: 'New item', kind: 'field' }, value: v },
      { kind: 'press', key: 'Enter' },
    ]));
    expect(kinds('Add "One", "Two" and "Three" to the list')).toEqual(['fill', 'press', 'fill', 'press', 'fill', 'press']);
    expect(interpret(act('Add "One"')).clauses[0]!.intent).toMatchObject({ target: { name: ENTRY } });
  });

  it('edits in place: the field inside the double-clicked item, across steps too', () => {
    const r = interpret(act('Double-click "A" to edit it, replace it with "B" and press Enter'));
    expect(r.clauses.map((c) => c.intent)).toEqual([
      { kind: 'dblclick', target: { name: 'A', kind: 'any' } },
      { kind: 'fill', target: { name: FOCUSED, kind: 'field', within: 'A' }, value: 'B' },
      { kind: 'press', key: 'Enter' },
    ]);
    const memory = {};
    interpret(act('Add the todo "Water the plants"'), memory);
    expect(interpret(act('Double-click it to start editing'), memory).clauses[0]!.intent).toMatchObject({ kind: 'dblclick', target: { name: 'Water the plants' } });
  });

  it('reads targets by position, hover, handles and drop areas', () => {
    expect(interpret(act('Tick the checkbox at the left of "Pay rent"')).clauses[0]!.intent).toMatchObject({ kind: 'check', target: { role: 'checkbox', within: 'Pay rent' } });
    expect(interpret(check('The checkbox of "Milk" is checked')).clauses[0]!.intent).toEqual({ kind: 'expect-state', target: { name: 'Milk', kind: 'checkbox', role: 'checkbox', item: true }, state: 'checked' });
    expect(interpret(check('The checkbox next to "Milk" is not ticked')).clauses[0]!.intent).toMatchObject({ kind: 'expect-state', state: 'unchecked' });
    expect(interpret(act('Hover over "Eggs" and click the remove (x) button that appears')).clauses[1]!.intent).toMatchObject({ kind: 'click', target: { name: 'remove', hints: ['x'], within: 'Eggs' } });
    expect(interpret(act('Connect the output of "A" to the input of "B"')).clauses[0]!.intent).toMatchObject({ kind: 'drag', source: { name: 'output', within: 'A', handle: true }, dest: { name: 'input', within: 'B', handle: true } });
    expect(interpret(act('Drag the "Timer" card from the sidebar onto the board')).clauses[0]!.intent).toMatchObject({ kind: 'drag', source: { name: 'Timer', draggable: true }, dest: { region: true } });
    // Onto something named in quotes, as boards are written about.
    expect(interpret(act('Drag the "Fix bug" card to the "Done" column')).clauses[0]!.intent).toMatchObject({ kind: 'drag', source: { name: 'Fix bug', draggable: true }, dest: { name: 'Done', region: true } });
    expect(interpret(act('Move "Box" into "Bin", below it')).clauses[0]!.intent).toMatchObject({ kind: 'drag', source: { name: 'Box' }, dest: { name: 'Bin' }, position: 'below' });
  });

  it('turns a check of several things into one check per thing', () => {
    expect(interpret(check('The page shows the heading "Notes", a field with the placeholder "New note" and no notes')).clauses.map((c) => c.intent)).toEqual([
      { kind: 'expect-state', target: { name: 'Notes', kind: 'any', role: 'heading', relaxed: true }, state: 'visible' },
      { kind: 'expect-state', target: { name: 'New note', kind: 'field', by: 'placeholder' }, state: 'visible' },
      { kind: 'expect-count', count: 0 },
    ]);
    expect(kinds('Exactly 2 rows are shown, "a" and "b"; "c" is not shown', 'assertion')).toEqual(['expect-count', 'expect-text', 'expect-text', 'expect-text']);
    expect(interpret(check('"Beta" is shown and "Alpha" is not')).clauses.map((c) => c.intent)).toEqual([
      { kind: 'expect-text', text: 'Beta', visible: true },
      { kind: 'expect-text', text: 'Alpha', visible: false },
    ]);
    expect(kinds('A sign-in form is shown with "Email" and "Password" fields and a "Continue" button', 'assertion')).toEqual(['expect-state', 'expect-state', 'expect-state']);
  });

  it('says which words it could not read, with no placeholders in them', () => {
    const r = interpret(act('Open the app, then juggle "A" around'));
    expect(r.clauses.map((c) => c.intent.kind)).toEqual(['navigate']);
    expect(r.unknown?.words).toBe('juggle "A" around');
    expect(r.unknown?.suggestion).toMatch(/^e\.g\. /);
  });
});
