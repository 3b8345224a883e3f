/**
 * Colour for text output on a terminal: verdicts and checklist states, nothing else. Off unless
 * stdout is a TTY; NO_COLOR (any non-empty value) turns it off; FORCE_COLOR (not "0") turns it on
 * and wins over both, as in Node itself. JSON output is never coloured.
 */
export function colourEnabled(env: NodeJS.ProcessEnv, stdoutIsTTY: boolean): boolean {
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true;
  if (env.NO_COLOR) return false;
  return stdoutIsTTY && env.TERM !== 'dumb';
}

const GREEN = '\x1b[32m';
const RED = '\x1b[31m';
const YELLOW = '\x1b[33m';
const RESET = '\x1b[39m';
const COLOURS: Record<string, string> = { passed: GREEN, OK: GREEN, failed: RED, FAIL: RED, FAILED: RED, PASSED: GREEN, blocked: YELLOW, cancelled: YELLOW, WARN: YELLOW };

/**
 * Colours status words standing alone in rendered text (a table cell, `7 passed, 1 failed`,
 * a checklist's `[OK  ]`/`[WARN]`/`[FAIL]`). ANSI codes take no columns, so aligned tables stay aligned.
 */
export function paint(text: string): string {
  return text
    .replace(/(^|\s)(passed|failed|blocked|cancelled|PASSED|FAILED|OK|WARN|FAIL)(?=\s|,|$)/gm, (_, pre: string, word: string) => `${pre}${COLOURS[word]}${word}${RESET}`)
    .replace(/^\[(OK|WARN|FAIL)(\s*)\]/gm, (_, word: string, pad: string) => `[${COLOURS[word]}${word}${RESET}${pad}]`);
}
