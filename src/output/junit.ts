export interface JunitCase {
  name: string;
  classname: string;
  timeSeconds: number;
  status: string;
  message?: string | null;
  output?: string | null;
  trace?: string | null;
}

const esc = (s: string) =>
  s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/**
 * JUnit XML as CI systems read it: failed runs are <failure>, blocked runs <error> (they never ran
 * because something upstream broke), cancelled or timed-out runs <skipped>; captured output goes to
 * <system-out>, tracebacks to <system-err>.
 */
export function renderJunit(suiteName: string, cases: JunitCase[], timestamp = new Date().toISOString()): string {
  const n = (s: string) => cases.filter((c) => c.status === s).length;
  const time = cases.reduce((t, c) => t + c.timeSeconds, 0);
  const body = cases
    .map((c) => {
      let inner = '';
      const msg = esc(c.message ?? c.status);
      if (c.status === 'failed') inner += `\n      <failure message="${msg}" type="failed">${esc(c.message ?? '')}</failure>`;
      else if (c.status === 'blocked') inner += `\n      <error message="${msg}" type="blocked">${esc(c.message ?? '')}</error>`;
      else if (c.status !== 'passed') inner += `\n      <skipped message="${msg}"/>`;
      if (c.output) inner += `\n      <system-out>${esc(c.output)}</system-out>`;
      if (c.trace) inner += `\n      <system-err>${esc(c.trace)}</system-err>`;
      return `    <testcase name="${esc(c.name)}" classname="${esc(c.classname)}" time="${c.timeSeconds.toFixed(3)}">${inner}${inner ? '\n    ' : ''}</testcase>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${esc(suiteName)}" tests="${cases.length}" failures="${n('failed')}" errors="${n('blocked')}" skipped="${cases.length - n('passed') - n('failed') - n('blocked')}" time="${time.toFixed(3)}">
  <testsuite name="${esc(suiteName)}" tests="${cases.length}" failures="${n('failed')}" errors="${n('blocked')}" skipped="${cases.length - n('passed') - n('failed') - n('blocked')}" time="${time.toFixed(3)}" timestamp="${timestamp}">
${body}
  </testsuite>
</testsuites>
`;
}
