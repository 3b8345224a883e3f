import { describe, expect, it } from 'vitest';
import { colourEnabled, paint } from '../../src/output/colour.js';

describe('colour', () => {
  it('is on for a terminal, off with NO_COLOR or TERM=dumb, and FORCE_COLOR wins', () => {
    expect(colourEnabled({}, true)).toBe(true);
    expect(colourEnabled({}, false)).toBe(false);
    expect(colourEnabled({ NO_COLOR: '1' }, true)).toBe(false);
    expect(colourEnabled({ TERM: 'dumb' }, true)).toBe(false);
    expect(colourEnabled({ FORCE_COLOR: '1', NO_COLOR: '1' }, false)).toBe(true);
    expect(colourEnabled({ FORCE_COLOR: '0' }, false)).toBe(false);
  });

  it('colours status words only, keeping columns aligned', () => {
    const table = 'RUN    TEST          STATUS\nrun_1  a failed test  failed\nrun_2  b             passed\n2 run(s): 1 passed, 1 failed, 0 blocked, 0 cancelled\n';
    const out = paint(table);
    expect(out.replace(/\x1b\[\d+m/g, '')).toBe(table);
    expect(out).toContain('run_1  a \x1b[31mfailed\x1b[39m test  \x1b[31mfailed\x1b[39m');
    expect(out).toContain('\x1b[32mpassed\x1b[39m, 1 \x1b[31mfailed\x1b[39m, 0 \x1b[33mblocked\x1b[39m');
    expect(out.startsWith('RUN    TEST          STATUS\n')).toBe(true);
    expect(paint('[OK  ] api endpoint\n[WARN] x\n[FAIL] y\n2 failure(s)\n')).toBe('[\x1b[32mOK\x1b[39m  ] api endpoint\n[\x1b[33mWARN\x1b[39m] x\n[\x1b[31mFAIL\x1b[39m] y\n2 failure(s)\n');
  });
});
