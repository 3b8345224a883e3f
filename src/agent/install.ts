import { SvcError } from '../contract/errors.js';
import { atomicWrite, backup } from './fs-safe.js';
import { BEGIN_RE, END_LINE, END_RE, lines } from './marker.js';
import { orderSkills, renderSection } from './render.js';
import { BLOCKING, type AgentInstallReport, type FileState } from './report.js';
import { inspectFile, inspectSection } from './state.js';
import type { Skill, Target } from './targets.js';
import { relative } from 'node:path';

export interface InstallOptions {
  /** Real path of the project dir (see projectRoot). */
  root: string;
  targets: readonly Target[];
  skills: readonly Skill[];
  force: boolean;
  version: string;
}

type Row = AgentInstallReport['files'][number];
interface Step {
  rows: Omit<Row, 'action' | 'backup'>[];
  state: FileState;
  abs: string;
  /** Why this target can never be written, even with --force. */
  refuse?: string;
  /** New content, or null when the file is already what this version installs. */
  content: string | null;
}

/**
 * Installs skills: absent, ok and stale targets are written (or left alone) freely; modified,
 * unmarked and corrupt ones only with --force, after a backup. Everything is checked before the
 * first write, so a blocked install writes nothing.
 */
export function installSkills(o: InstallOptions): AgentInstallReport {
  const steps: Step[] = [];
  for (const target of o.targets) {
    if (target === 'codex') steps.push(codexStep(o));
    else
      for (const skill of o.skills) {
        const f = inspectFile(o.root, target, skill, o.version);
        steps.push({
          rows: [{ target, skill, path: f.rel, before: f.state }],
          state: f.state,
          abs: f.loc.abs,
          refuse: f.loc.escape || f.note === 'not a regular file' ? `${f.rel}: ${f.note}` : undefined,
          content: f.state === 'ok' ? null : f.expected,
        });
      }
  }
  const refused = steps.filter((s) => s.refuse);
  if (refused.length) {
    throw new SvcError('CONFLICT', `cannot write ${refused.map((s) => s.refuse).join('; ')}; nothing was written`, {
      nextAction: 'Replace the symlink or path with a regular file inside the project dir, or pick another --dir.',
    });
  }
  const blocked = steps.filter((s) => BLOCKING.includes(s.state));
  if (blocked.length && !o.force) {
    const list = blocked.map((s) => `${s.rows[0]!.path} (${s.state})`);
    throw new SvcError('CONFLICT', `blocked: ${[...new Set(list)].join(', ')} exist and differ from what svc installs; nothing was written`, {
      nextAction: "Check them with 'svc agent status'; re-run with --force to overwrite (a .bak backup of each is kept).",
      details: { blocked: blocked.flatMap((s) => s.rows.map((r) => ({ ...r, state: s.state }))) },
    });
  }
  const files: Row[] = [];
  for (const s of steps) {
    let bak: string | null = null;
    if (s.content !== null) {
      if (BLOCKING.includes(s.state)) bak = relative(o.root, backup(s.abs)).split('\\').join('/');
      atomicWrite(s.abs, s.content);
    }
    // Per row: a skill new to an existing codex section counts as created, not updated.
    const action = (before: FileState): Row['action'] => (s.content === null ? 'unchanged' : bak ? 'replaced' : before === 'absent' ? 'created' : 'updated');
    for (const r of s.rows) files.push({ ...r, action: action(r.before), backup: bak });
  }
  return { dir: o.root, version: o.version, files, written: steps.filter((s) => s.content !== null).length };
}

/** One step for AGENTS.md: the section holds the requested skills plus those it already lists. */
function codexStep(o: InstallOptions): Step {
  const s = inspectSection(o.root, o.version);
  const intact = s.state === 'ok' || s.state === 'stale' || s.state === 'modified';
  const skills = orderSkills([...(intact ? s.skills : []), ...o.skills]);
  const rows = orderSkills(o.skills).map((skill) => ({
    target: 'codex' as const,
    skill,
    path: s.rel,
    before: (intact && !s.skills.includes(skill) ? 'absent' : s.state) as FileState,
  }));
  const base = { rows, state: s.state, abs: s.loc.abs };
  if (s.loc.escape || s.note === 'not a regular file') return { ...base, refuse: `${s.rel}: ${s.note}`, content: null };
  if (s.state === 'ok' && skills.length === s.skills.length) return { ...base, content: null };
  const section = renderSection(skills, o.version);
  const cur = s.current;
  if (cur === undefined) return { ...base, content: `${section}\n` };
  if (intact) return { ...base, content: cur.slice(0, s.begin!.start) + section + cur.slice(s.end!.start + END_LINE.length) };
  // absent (no markers) or corrupt (--force): drop stray marker lines only, then append a fresh section.
  const kept = lines(cur)
    .filter((l) => !BEGIN_RE.test(l.text) && !END_RE.test(l.text))
    .map((l) => cur.slice(l.start, l.next))
    .join('');
  return { ...base, content: appendSection(s.state === 'corrupt' ? kept : cur, section) };
}

/** Appends after the user's text; the existing bytes stay an exact prefix of the result. */
export function appendSection(text: string, section: string): string {
  const sep = text === '' || text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n';
  return `${text}${sep}${section}\n`;
}
