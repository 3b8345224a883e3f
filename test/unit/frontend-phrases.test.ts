import { describe, expect, it } from 'vitest';
import { parseStep } from '../../src/engine/frontend/phrases.js';
import type { PlanStep } from '../../src/engine/frontend/types.js';

const act = (description: string): PlanStep => ({ type: 'action', description });
const check = (description: string): PlanStep => ({ type: 'assertion', description });

describe('step phrasing', () => {
  it.each([
    ['Go to /settings', { kind: 'navigate', url: '/settings' }],
    ['Open https://example.com/a', { kind: 'navigate', url: 'https://example.com/a' }],
    ['Navigate to the home page', { kind: 'navigate', url: '' }],
    ['Sign in', { kind: 'sign-in' }],
    ['Log in with the test account', { kind: 'sign-in' }],
    ['Press Enter', { kind: 'press', key: 'Enter' }],
    ['Press the Tab key', { kind: 'press', key: 'Tab' }],
    ['Wait 2 seconds', { kind: 'wait', ms: 2000 }],
    ['Scroll down', { kind: 'scroll', direction: 'down' }],
    ['Scroll to the bottom of the page', { kind: 'scroll', direction: 'bottom' }],
  ])('%s', (d, want) => expect(parseStep(act(d))).toEqual(want));

  it('clicks with nouns, scopes and unquoted phrasing', () => {
    expect(parseStep(act('Click "Add"'))).toEqual({ kind: 'click', target: { name: 'Add', kind: 'clickable', role: undefined } });
    expect(parseStep(act('Click the "Save profile" button'))).toMatchObject({ kind: 'click', target: { name: 'Save profile', role: 'button' } });
    expect(parseStep(act('Click the Add button'))).toMatchObject({ kind: 'click', target: { name: 'Add', role: 'button' } });
    expect(parseStep(act('Click "Delete" next to "milk"'))).toMatchObject({ kind: 'click', target: { name: 'Delete', within: 'milk' } });
    expect(parseStep(act('The user clicks on "Todos"'))).toMatchObject({ kind: 'click', target: { name: 'Todos' } });
    expect(parseStep(act('Go to the "Settings" page'))).toMatchObject({ kind: 'click', target: { name: 'Settings' } });
  });

  it('fills, selects, checks, hovers', () => {
    expect(parseStep(act('Type "milk" into the "New item" field'))).toMatchObject({ kind: 'fill', value: 'milk', target: { name: 'New item', kind: 'field' } });
    expect(parseStep(act('Fill in "Email" with "a@b.co"'))).toMatchObject({ kind: 'fill', value: 'a@b.co', target: { name: 'Email' } });
    expect(parseStep(act('Enter demo into the Username field'))).toMatchObject({ kind: 'fill', value: 'demo', target: { name: 'Username' } });
    expect(parseStep(act('Select "Phone" from the "Preferred contact" dropdown'))).toMatchObject({ kind: 'select', value: 'Phone', target: { name: 'Preferred contact', kind: 'select' } });
    expect(parseStep(act('Check "Remember me"'))).toMatchObject({ kind: 'check', checked: true, target: { name: 'Remember me' } });
    expect(parseStep(act('Uncheck the "Email notifications" checkbox'))).toMatchObject({ kind: 'check', checked: false });
    expect(parseStep(act('Hover over "Profile"'))).toMatchObject({ kind: 'hover', target: { name: 'Profile' } });
    expect(parseStep(act('Press "Enter" in the "New item" field'))).toMatchObject({ kind: 'press', key: 'Enter', target: { name: 'New item' } });
  });

  it.each([
    ['Assert the page shows "3 items"', { kind: 'expect-text', text: '3 items', visible: true }],
    ['Verify "Welcome, demo" is visible', { kind: 'expect-text', text: 'Welcome, demo', visible: true }],
    ['Verify "milk" is not visible', { kind: 'expect-text', text: 'milk', visible: false }],
    ['The page does not show "Oops"', { kind: 'expect-text', text: 'Oops', visible: false }],
    ['the counter shows 2 items', { kind: 'expect-text', text: '2 items', visible: true }],
    ['Expect URL contains /dashboard', { kind: 'expect-url', contains: '/dashboard' }],
    ['Check that the title contains "Todos"', { kind: 'expect-title', contains: 'Todos' }],
    ['Verify the list has 2 items', { kind: 'expect-count', count: 2 }],
    ['There are three items in the list', { kind: 'expect-count', count: 3 }],
    ['The page shows no error', { kind: 'expect-no-error' }],
    ['Verify there are no errors on the page', { kind: 'expect-no-error' }],
  ])('assertion: %s', (d, want) => expect(parseStep(check(d))).toEqual(want));

  it('element state and value assertions', () => {
    expect(parseStep(check('Verify the "Delete account" button is disabled'))).toMatchObject({ kind: 'expect-state', state: 'disabled', target: { name: 'Delete account', role: 'button' } });
    expect(parseStep(check('"Remember me" should be checked'))).toMatchObject({ kind: 'expect-state', state: 'checked', target: { name: 'Remember me', kind: 'checkbox' } });
    expect(parseStep(check('Verify the Add button is enabled'))).toMatchObject({ kind: 'expect-state', state: 'enabled', target: { name: 'Add' } });
    expect(parseStep(check('Verify the "Full name" field has value "Ada"'))).toMatchObject({ kind: 'expect-value', value: 'Ada', target: { name: 'Full name' } });
    expect(parseStep(check('There are 2 "Delete" buttons'))).toMatchObject({ kind: 'expect-count', count: 2, target: { name: 'Delete', role: 'button' } });
  });

  it('"Check" is an action unless it reads as a check', () => {
    expect(parseStep(act('Check "Remember me"'))).toMatchObject({ kind: 'check' });
    expect(parseStep(act('Check that "Saved" is visible'))).toMatchObject({ kind: 'expect-text', text: 'Saved' });
  });

  it('returns undefined for what it cannot read', () => {
    expect(parseStep(act('Do something clever with the widget'))).toBeUndefined();
  });
});
