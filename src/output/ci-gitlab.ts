import { callLine, clip, type CiReport } from './ci-report.js';

/**
 * GitLab CI: the failure details inside a collapsible section of the job log. GitLab reads the
 * `section_start` / `section_end` lines (each `ESC[0K…\r ESC[0K`); the section name takes letters,
 * digits, '_', '.' and '-' only. Text from the target is stripped of control characters, so a
 * response body cannot close the section or start another.
 */
const ERASE = '\x1b[0K';

export function sectionStart(name: string, header: string, at: number, collapsed = false): string {
  return `${ERASE}section_start:${Math.floor(at)}:${name}${collapsed ? '[collapsed=true]' : ''}\r${ERASE}${clip(header, 200)}\n`;
}

export function sectionEnd(name: string, at: number): string {
  return `${ERASE}section_end:${Math.floor(at)}:${name}\r${ERASE}\n`;
}

/** Every failure grouped by cause, with its portal link, the analysis and the failing call or step. */
export function renderCiFailures(r: CiReport): string {
  const out: string[] = [];
  for (const b of r.batches) out.push(`batch ${b.batchId}${b.url ? `: ${b.url}` : ''}`);
  for (const c of r.causes) {
    const kind = c.failureKind && c.failureKind !== c.check ? `  (${c.failureKind})` : '';
    out.push('', `[${c.failures.length}] ${clip(c.check, 80)}${c.endpoint ? `  ${clip(c.endpoint, 200)}` : ''}  fix: ${c.fixTarget ?? '-'}${kind}`);
    for (const f of c.failures) {
      out.push(`  ${clip(f.testName, 200)} — ${f.status}, run ${f.runId}${f.url ? `  ${f.url}` : ''}`, `    ${clip(f.message, 300)}`);
      if (f.analysis) out.push(`    analysis: ${clip(f.analysis, 400)}`);
      if (f.failingStep) out.push(`    step: ${clip(f.failingStep, 300)}`);
      const call = f.failingCall;
      if (call) out.push(`    ${callLine(call)}${call.requestBody ? `  sent ${clip(call.requestBody, 100)}` : ''}`, `    answer ${clip(call.responseBody, 200) || '(empty)'}`);
    }
  }
  return `${out.join('\n')}\n`;
}

/**
 * The section (open, so a failed job shows its causes without a click; collapsible to fold them
 * away), or nothing when every run passed. `at` is the Unix time in seconds.
 */
export function gitlabSection(r: CiReport, at: number): string {
  if (!r.causes.length) return '';
  const n = r.causes.reduce((k, c) => k + c.failures.length, 0);
  const header = `svc: ${n} of ${r.counts.total} run${r.counts.total === 1 ? '' : 's'} did not pass, ${r.causes.length} cause${r.causes.length === 1 ? '' : 's'}`;
  return `${sectionStart('svc_failures', header, at)}${renderCiFailures(r)}${sectionEnd('svc_failures', at)}`;
}
