import { describe, expect, it } from 'vitest';
import { applyMove, planStepsOf, stepErrors, stepsFrom } from '../../src/server/portal/steps-editor.js';

const rows = (...xs: string[]) => xs.map((description) => ({ type: 'action', description }));

describe('portal plan-step editor', () => {
  it.each([
    ['add', ['a', 'b'], ['a', 'b', '']],
    ['up:1', ['a', 'b', 'c'], ['b', 'a', 'c']],
    ['up:0', ['a', 'b'], ['a', 'b']],
    ['down:0', ['a', 'b', 'c'], ['b', 'a', 'c']],
    ['down:2', ['a', 'b', 'c'], ['a', 'b', 'c']],
    ['delete:1', ['a', 'b', 'c'], ['a', 'c']],
    ['delete:9', ['a', 'b'], ['a', 'b']],
  ])('applies %s', (move, before, after) => {
    expect(applyMove(rows(...before), move)!.map((r) => r.description)).toEqual(after);
  });

  it('is Save (null) for no move or one it does not know', () => {
    expect(applyMove(rows('a'), undefined)).toBeNull();
    expect(applyMove(rows('a'), 'sideways:0')).toBeNull();
  });

  it('reads repeated fields in order, with CRLF made LF, and trims for the op', () => {
    const got = stepsFrom({ stepType: ['action', 'assertion'], stepText: ['Open it\r\nnow', ' It shows '] });
    expect(got).toEqual([{ type: 'action', description: 'Open it\nnow' }, { type: 'assertion', description: ' It shows ' }]);
    expect(planStepsOf(got)[1]).toEqual({ type: 'assertion', description: 'It shows' });
    expect(stepsFrom({ stepType: 'action', stepText: 'one' })).toEqual([{ type: 'action', description: 'one' }]);
  });

  it('maps the op schema errors to steps and to the list', () => {
    const e = stepErrors([{ field: 'planSteps.2.description', reason: 'empty' }, { field: 'body.planSteps', reason: 'too many' }, { field: 'name', reason: 'x' }]);
    expect([...e.byStep]).toEqual([[2, 'empty']]);
    expect(e.list).toBe('too many');
  });
});
