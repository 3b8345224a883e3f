import { callLine, clip, plain, type CiCause, type CiReport } from './ci-report.js';

/**
 * GitHub Actions: `::error` workflow commands (one per failure cause) and the Markdown job summary
 * appended to $GITHUB_STEP_SUMMARY. Escaping follows the runner's rules (as @actions/core does):
 * in the message %, CR and LF are percent-encoded; in a property also ':' and ','.
 */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function workflowCommand(command: string, props: Record<string, string>, message: string): string {
  const p = Object.entries(props)
    .map(([k, v]) => `${k}=${escapeProperty(v)}`)
    .join(',');
  return `::${command}${p ? ` ${p}` : ''}::${escapeData(message)}`;
}

/** GitHub shows at most 10 error annotations per step: past that, one annotation names the rest. */
export const MAX_ANNOTATIONS = 10;
const MESSAGE_CAP = 4000;

function causeLine(c: CiCause): string {
  const kind = c.failureKind && c.failureKind !== c.check ? ` (${c.failureKind})` : '';
  return `${c.check}${c.endpoint ? ` on ${c.endpoint}` : ''} — fix target: ${c.fixTarget ?? 'unknown'}${kind}`;
}

function causeTitle(c: CiCause): string {
  const first = clip(c.failures[0]!.testName, 200);
  const n = c.failures.length - 1;
  return n ? `${first} (+${n} more with the same cause)` : first;
}

/** The annotation text of one cause: the analysis and the failing call (backend) or step (frontend). */
export function annotationMessage(c: CiCause): string {
  const f = c.failures[0]!;
  const lines = [causeLine(c), `${f.status}: ${clip(f.message, 600)}`];
  if (f.analysis) lines.push(`Analysis: ${clip(f.analysis, 800)}`);
  if (f.failingCall) {
    lines.push(`Failing call: ${callLine(f.failingCall)}`);
    if (f.failingCall.requestBody) lines.push(`  sent: ${clip(f.failingCall.requestBody, 300)}`);
    lines.push(`  answer: ${clip(f.failingCall.responseBody, 500) || '(empty)'}`);
  }
  if (f.failingStep) lines.push(`Failing step: ${clip(f.failingStep, 400)}`);
  if (f.url) lines.push(`Run: ${f.url}`);
  const others = c.failures.slice(1);
  if (others.length) lines.push(`Same cause: ${others.slice(0, 20).map((o) => `${clip(o.testName, 120)} (${o.status}, ${o.url ?? o.runId})`).join('; ')}${others.length > 20 ? `; and ${others.length - 20} more` : ''}`);
  const text = lines.join('\n');
  return text.length > MESSAGE_CAP ? `${text.slice(0, MESSAGE_CAP)}…` : text;
}

/** One `::error` line per cause, biggest cause first. */
export function githubAnnotations(r: CiReport): string[] {
  const shown = r.causes.length > MAX_ANNOTATIONS ? r.causes.slice(0, MAX_ANNOTATIONS - 1) : r.causes;
  const out = shown.map((c) => workflowCommand('error', { title: causeTitle(c) }, annotationMessage(c)));
  const rest = r.causes.slice(shown.length);
  if (rest.length) {
    const where = r.batches[0]?.url ? `; all of them in the job summary and on ${r.batches[0].url}` : '; all of them in the job summary';
    out.push(workflowCommand('error', { title: `svc: ${rest.length} more failure causes` }, `${rest.map((c) => `${causeTitle(c)}: ${causeLine(c)}`).join('\n')}${where}`));
  }
  return out;
}

/** Text for Markdown: one line, HTML and Markdown syntax characters escaped. */
export function mdText(s: string | null, n = 600): string {
  return clip(s, n).replace(/[\\`*_[\]|#~<>&]/g, (ch) => (ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch === '&' ? '&amp;' : `\\${ch}`));
}

/** A fenced block whose fence is longer than any run of backticks inside. */
export function mdFence(s: string): string {
  const longest = Math.max(0, ...(s.match(/`+/g) ?? []).map((m) => m.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}text\n${s}\n${fence}`;
}

function mdLink(label: string, url: string | null): string {
  return url ? `[${label}](${url.replace(/[()\s<>]/g, (ch) => encodeURIComponent(ch))})` : label;
}

/** The job summary cap is 1 MiB per step; stop listing failures well before it. */
const SUMMARY_CAP = 900_000;

export function githubSummary(r: CiReport): string {
  const m = r.counts;
  const notPassed = m.total - m.passed;
  const out: string[] = [
    `## svc: ${notPassed ? `${notPassed} of ${m.total} run${m.total === 1 ? '' : 's'} did not pass` : `all ${m.total} run${m.total === 1 ? '' : 's'} passed`}`,
    '',
    '| total | passed | failed | blocked | cancelled | timed out | poll errors | exit code |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${m.total} | ${m.passed} | ${m.failed} | ${m.blocked} | ${m.cancelled} | ${m.timeout} | ${m.error} | ${r.exitCode} |`,
    '',
  ];
  if (r.batches.length) out.push(`Batch${r.batches.length === 1 ? '' : 'es'}: ${r.batches.map((b) => mdLink(`\`${b.batchId}\``, b.url)).join(', ')}`, '');
  if (!r.causes.length) return `${out.join('\n')}\n`;
  out.push(`### Failures by cause (${r.causes.length})`, '');
  let length = out.join('\n').length;
  let left = r.causes.reduce((n, c) => n + c.failures.length, 0);
  for (const c of r.causes) {
    const kind = c.failureKind && c.failureKind !== c.check ? ` (${mdText(c.failureKind, 80)})` : '';
    const block = [`#### ${c.failures.length} × ${mdText(c.check, 80)}${c.endpoint ? ` on \`${clip(c.endpoint, 200).replace(/`/g, "'")}\`` : ''} — fix target: ${mdText(c.fixTarget ?? 'unknown', 40)}${kind}`, ''];
    for (const f of c.failures) {
      const item = [`- ${mdLink(mdText(f.testName, 200), f.url)} — ${f.status}: ${mdText(f.message)}`];
      if (f.analysis) item.push(`  - Analysis: ${mdText(f.analysis, 800)}`);
      if (f.failingStep) item.push(`  - Failing step: ${mdText(f.failingStep, 400)}`);
      if (f.failingCall) {
        item.push(`  - Failing call: \`${callLine(f.failingCall).replace(/`/g, "'")}\``);
        const bodies = [f.failingCall.requestBody ? `sent:   ${clip(f.failingCall.requestBody, 1000)}` : null, `answer: ${clip(f.failingCall.responseBody, 2000) || '(empty)'}`].filter(Boolean).join('\n');
        item.push('', '  <details><summary>request and response</summary>', '', mdFence(plain(bodies)).replace(/^/gm, '  '), '', '  </details>', '');
      }
      const text = item.join('\n');
      if (length + text.length > SUMMARY_CAP) {
        out.push(...block, `…and ${left} more failure${left === 1 ? '' : 's'}: see ${mdLink('the portal', r.batches[0]?.url ?? null)}.`);
        return `${out.join('\n')}\n`;
      }
      block.push(text);
      length += text.length;
      left -= 1;
    }
    out.push(...block, '');
  }
  return `${out.join('\n')}\n`;
}
