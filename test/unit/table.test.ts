import { describe, expect, it } from 'vitest';
import { renderTable } from '../../src/output/table.js';

describe('text tables', () => {
  it('keeps every cell on one line, so a multi-line reason cannot break the columns', () => {
    const out = renderTable(['RUN', 'STATUS', 'REASON'], [
      ['run_1', 'failed', 'Traceback (most recent call last):\n  File "t.py", line 3\nAssertionError: boom'],
      ['run_2', 'passed', null],
    ]);
    expect(out).toBe([
      'RUN    STATUS  REASON',
      'run_1  failed  Traceback (most recent call last): File "t.py", line 3 AssertionError: boom',
      'run_2  passed  -',
      '',
    ].join('\n'));
  });
});
