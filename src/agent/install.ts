import { SvcError } from '../contract/errors.js';
import { atomicWrite, backup } from './fs-safe.js';
import { BEGIN_RE, END_LINE, END_RE, lines } from './marker.js';
import { orderSkills, renderSection } from './render.js';
import { BLOCKING, type AgentInstallReport, type FileState } from './report.js';
import { freshMcpFile, inspectMcp, mcpConfigOf, userLevelHint } from './mcp-config.js';
import { inspectFile, inspectSection, legacyPaths, svcOwnedUnedited } from './state.js';
import { locate } from './fs-safe.js';
import { readFileSync, unlinkSync } from 'node:fs';
import { createTwoFilesPatch } from 'diff';
import { alsoReads, skillPath, type Skill, type Target } from './targets.js';
import { relative } from 'node:path';

export interface InstallOptions {
  /** Real path of the project dir (see projectRoot). */
  root: string;
  targets: readonly Target[];
  skills: readonly Skill[];
  force: boolean;
  version: string;
  /** Also merge the svc-mcp server into each agent's project MCP file (default true). */
  mcp?: boolean;
}

type Row = AgentInstallReport['files'][number];
interface Step {
  /** The file, relative to the project dir. */
  path: string;
  /** Skill rows the step reports (none for an MCP file). */
  rows: Omit<Row, 'action' | 'backup'>[];
  state: FileState;
  abs: string;
  /** Why this target can never be written, even with --force. */
  refuse?: string;
  /** New content, or null when the file is already what this version installs. */
  content: string | null;
  /** What happened, once written. */
  done?: { action: Exclude<Row['action'], 'shared'>; backup: string | null };
  /** The agent reads another target's copy: reported, nothing written. */
  shared?: Row;
}

/** What an install would do, file by file, without touching anything. */
function planInstall(o: InstallOptions): { steps: Step[]; mcp: ReturnType<typeof mcpSteps>; obsolete: string[] } {
  const steps: Step[] = [];
  /** svc-owned, unedited files no longer needed: duplicates of a shared skill, earlier layouts. */
  const obsolete: string[] = o.targets.flatMap((t) => o.skills.flatMap((skill) => legacyPaths(t, skill))).filter((rel) => svcOwnedUnedited(o.root, rel));
  for (const target of o.targets) {
    if (target === 'codex') steps.push(codexStep(o));
    else
      for (const skill of o.skills) {
        const f = inspectFile(o.root, target, skill, o.version);
        // Another target's skill folder that this agent reads (installed now or before) serves it; an
        // unedited copy of its own would make the agent see the skill twice, so it goes.
        const sharer = alsoReads(target).find((t) => o.targets.includes(t) || locate(o.root, skillPath(t, skill)).exists);
        if (sharer && (f.state === 'absent' || ((f.state === 'ok' || f.state === 'stale') && svcOwnedUnedited(o.root, f.rel)))) {
          if (f.state !== 'absent') obsolete.push(f.rel);
          steps.push({ path: f.rel, rows: [], state: 'ok', abs: f.loc.abs, content: null, shared: { target, skill, path: skillPath(sharer, skill), before: f.state, action: 'shared', backup: null } });
          continue;
        }
        steps.push({
          path: f.rel,
          rows: [{ target, skill, path: f.rel, before: f.state }],
          state: f.state,
          abs: f.loc.abs,
          refuse: f.loc.escape || f.note === 'not a regular file' ? `${f.rel}: ${f.note}` : undefined,
          content: f.state === 'ok' ? null : f.expected,
        });
      }
  }
  const mcp = o.mcp === false ? [] : mcpSteps(o);
  for (const m of mcp) if (m.step) steps.push(m.step);
  return { steps, mcp, obsolete };
}

/**
 * For `agent status --diff`: each existing file that an install (with --force) would change, as a
 * unified diff from what is there to what this version writes. Keyed by path.
 */
export function pendingChanges(o: InstallOptions): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of planInstall({ ...o, force: true }).steps) {
    if (s.content === null || s.refuse || s.state === 'absent' || out.has(s.path)) continue;
    let current: string;
    try {
      current = readFileSync(s.abs, 'utf8');
    } catch {
      continue;
    }
    if (current !== s.content) out.set(s.path, createTwoFilesPatch(s.path, s.path, current, s.content, 'installed', `svc ${o.version}`, { context: 3 }));
  }
  return out;
}

/**
 * Installs skills: absent, ok and stale targets are written (or left alone) freely; modified,
 * unmarked and corrupt ones only with --force, after a backup. Everything is checked before the
 * first write, so a blocked install writes nothing.
 */
export function installSkills(o: InstallOptions): AgentInstallReport {
  const { steps, mcp, obsolete } = planInstall(o);
  const refused = steps.filter((s) => s.refuse);
  if (refused.length) {
    throw new SvcError('CONFLICT', `cannot write ${refused.map((s) => s.refuse).join('; ')}; nothing was written`, {
      nextAction: 'Replace the symlink or path with a regular file inside the project dir, or pick another --dir.',
    });
  }
  const blocked = steps.filter((s) => BLOCKING.includes(s.state));
  if (blocked.length && !o.force) {
    const list = blocked.map((s) => `${s.path} (${s.state})`);
    throw new SvcError('CONFLICT', `blocked: ${[...new Set(list)].join(', ')} exist and differ from what svc installs; nothing was written`, {
      nextAction: "Check them with 'svc agent status'; re-run with --force to overwrite (a .bak backup of each is kept).",
      details: { blocked: blocked.flatMap((s): Record<string, unknown>[] => (s.rows.length ? s.rows.map((r) => ({ ...r, state: s.state })) : [{ path: s.path, state: s.state, kind: 'mcp' }])) },
    });
  }
  const files: Row[] = [];
  for (const s of steps) {
    if (s.shared) {
      files.push(s.shared);
      continue;
    }
    let bak: string | null = null;
    if (s.content !== null) {
      if (BLOCKING.includes(s.state)) bak = relative(o.root, backup(s.abs)).split('\\').join('/');
      atomicWrite(s.abs, s.content);
    }
    // Per row: a skill new to an existing codex section counts as created, not updated.
    const action = (before: FileState): Exclude<Row['action'], 'shared'> => (s.content === null ? 'unchanged' : bak ? 'replaced' : before === 'absent' ? 'created' : 'updated');
    for (const r of s.rows) files.push({ ...r, action: action(r.before), backup: bak });
    s.done = { action: action(s.state), backup: bak };
  }
  for (const rel of obsolete) unlinkSync(locate(o.root, rel).abs);
  const mcpRows = mcp.map((m): AgentInstallReport['mcp'][number] =>
    m.step
      ? { target: m.target, path: m.step.path, before: m.step.state, action: m.step.done!.action, backup: m.step.done!.backup, ...(m.note ? { note: m.note } : {}) }
      : { target: m.target, path: null, before: 'absent', action: 'skipped', backup: null, note: m.note },
  );
  return { dir: o.root, version: o.version, files, mcp: mcpRows, removed: obsolete, written: steps.filter((s) => s.content !== null).length };
}

/**
 * One step per agent with a project MCP file. A modified entry or a corrupt file is replaced only
 * with --force (after a backup); a corrupt file is then rewritten with the svc entry alone.
 */
function mcpSteps(o: InstallOptions): { target: Target; step?: Step; note?: string }[] {
  return o.targets.map((target) => {
    const spec = mcpConfigOf(target);
    if (!spec) return { target, note: userLevelHint(target) };
    const m = inspectMcp(o.root, spec);
    const cannot = m.loc.escape || m.note === 'not a regular file' || (m.state === 'modified' && m.merged === null);
    return {
      target,
      note: m.note,
      step: {
        path: m.rel,
        rows: [],
        state: m.state,
        abs: m.loc.abs,
        refuse: cannot ? `${m.rel}: ${m.note}` : undefined,
        content: m.state === 'ok' ? null : (m.merged ?? freshMcpFile(spec)),
      },
    };
  });
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
  const base = { path: s.rel, rows, state: s.state, abs: s.loc.abs };
  if (s.loc.escape || s.note === 'not a regular file') return { ...base, refuse: `${s.rel}: ${s.note}`, content: null };
  if (s.state === 'ok' && skills.length === s.skills.length) return { ...base, content: null };
  const section = renderSection(skills, o.version);
  const cur = s.current;
  if (cur === undefined) return { ...base, content: `${section}\n` };
  if (intact) return { ...base, content: cur.slice(0, s.begin!.start) + section + cur.slice(s.end!.start + END_LINE.length) };
  if (s.state === 'corrupt') {
    // --force over broken markers: the old section is replaced where it stands, not appended again.
    // Marker lines left outside it (an END above the BEGIN) go too.
    const r = corruptRegion(cur);
    const unmark = (t: string) => lines(t).filter((l) => !BEGIN_RE.test(l.text) && !END_RE.test(l.text)).map((l) => t.slice(l.start, l.next)).join('');
    const rest = unmark(cur.slice(r.end));
    return { ...base, content: `${unmark(cur.slice(0, r.start))}${section}\n${rest === '' || rest.startsWith('\n') ? rest : `\n${rest}`}` };
  }
  return { ...base, content: appendSection(cur, section) };
}

/**
 * Where a section with broken markers lies: from its first BEGIN to its last END; without an END,
 * to the first level-1 or level-2 heading after it (svc's section holds none but its own title) or
 * the end of the file; without a BEGIN, from the section's `## svc skills` title before the END.
 * The END line's newline goes with it.
 */
export function corruptRegion(text: string): { start: number; end: number } {
  const all = lines(text);
  const begin = all.find((l) => BEGIN_RE.test(l.text));
  const ends = all.filter((l) => END_RE.test(l.text));
  const lastEnd = ends.at(-1);
  if (begin && lastEnd && lastEnd.start > begin.start) return { start: begin.start, end: lastEnd.next };
  if (begin) {
    const stop = all.find((l) => l.start > begin.start && /^#{1,2} /.test(l.text) && l.text !== SECTION_TITLE);
    return { start: begin.start, end: stop?.start ?? text.length };
  }
  const title = [...all].reverse().find((l) => l.start < lastEnd!.start && l.text === SECTION_TITLE);
  return { start: title?.start ?? lastEnd!.start, end: lastEnd!.next };
}
const SECTION_TITLE = '## svc skills';

/** Appends after the user's text; the existing bytes stay an exact prefix of the result. */
export function appendSection(text: string, section: string): string {
  const sep = text === '' || text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n';
  return `${text}${sep}${section}\n`;
}
