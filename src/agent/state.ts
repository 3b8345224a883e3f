import { lstatSync } from 'node:fs';
import { BEGIN_RE, END_LINE, END_RE, FILE_MARKER_RE, lines, parseBegin, parseFileMarker, sha256, type Line } from './marker.js';
import { locate, readText, type Located } from './fs-safe.js';
import { orderSkills, renderFile, renderSection } from './render.js';
import type { AgentFile, FileState } from './report.js';
import { alsoReads, modeOf, skillPath, type Skill, type Target } from './targets.js';

export interface FileInspection {
  rel: string;
  loc: Located;
  state: FileState;
  installedVersion: string | null;
  note?: string;
  expected: string;
}

const escapeNote = (loc: Located) => `${loc.escape} is a symlink that leaves the project dir; not followed`;

function isFile(abs: string): boolean {
  try {
    return lstatSync(abs).isFile();
  } catch {
    return false;
  }
}

/** State of one own-file target's skill file compared with what `version` installs. */
export function inspectFile(root: string, target: Exclude<Target, 'codex'>, skill: Skill, version: string): FileInspection {
  const rel = skillPath(target, skill);
  const loc = locate(root, rel);
  const expected = renderFile(target, skill, version);
  const base = { rel, loc, expected, installedVersion: null };
  if (loc.escape) return { ...base, state: 'unmarked', note: escapeNote(loc) };
  if (!loc.exists) return { ...base, state: 'absent' };
  if (!isFile(loc.abs)) return { ...base, state: 'unmarked', note: 'not a regular file' };
  const current = readText(loc.abs);
  if (current === expected) return { ...base, state: 'ok', installedVersion: version };
  const markers = lines(current).filter((l) => FILE_MARKER_RE.test(l.text));
  if (markers.length === 0) return { ...base, state: 'unmarked', note: 'no svc provenance marker' };
  if (markers.length > 1) return { ...base, state: 'modified', note: 'more than one svc marker' };
  const line = markers[0]!;
  const m = parseFileMarker(line.text);
  if (!m) return { ...base, state: 'modified', note: 'unreadable svc marker' };
  const body = current.slice(0, line.start) + current.slice(line.next);
  if (sha256(body) !== m.sha256) return { ...base, state: 'modified', installedVersion: m.version, note: 'edited since it was installed' };
  return { ...base, state: 'stale', installedVersion: m.version };
}

/**
 * True when the file carries exactly one svc marker and is byte for byte what svc wrote (any
 * version): removing it loses nothing of the user's.
 */
export function svcOwnedUnedited(root: string, rel: string): boolean {
  const loc = locate(root, rel);
  if (loc.escape || !loc.exists || !isFile(loc.abs)) return false;
  const current = readText(loc.abs);
  const markers = lines(current).filter((l) => FILE_MARKER_RE.test(l.text));
  if (markers.length !== 1) return false;
  const m = parseFileMarker(markers[0]!.text);
  return !!m && sha256(current.slice(0, markers[0]!.start) + current.slice(markers[0]!.next)) === m.sha256;
}

/** Where earlier svc versions put a target's skill; install removes these when svc-owned and unedited. */
export function legacyPaths(target: Target, skill: Skill): string[] {
  return target === 'copilot' ? [`.github/instructions/${skill}.instructions.md`] : target === 'cline' ? [`.clinerules/${skill}.md`] : [];
}

/** The other target whose installed skill file this target reads instead of its own, if any. */
export function sharedFrom(root: string, target: Target, skill: Skill, version: string): { target: Target; file: FileInspection } | null {
  for (const other of alsoReads(target)) {
    const file = inspectFile(root, other, skill, version);
    if (file.state !== 'absent') return { target: other, file };
  }
  return null;
}

export interface SectionInspection {
  rel: string;
  loc: Located;
  state: FileState;
  /** Skills recorded in the BEGIN marker (known names only). */
  skills: Skill[];
  installedVersion: string | null;
  note?: string;
  current?: string;
  begin?: Line;
  end?: Line;
}

/** State of the managed section of AGENTS.md; `absent` when the file or the section is missing. */
export function inspectSection(root: string, version: string): SectionInspection {
  const rel = skillPath('codex', 'svc-verify');
  const loc = locate(root, rel);
  const base = { rel, loc, skills: [] as Skill[], installedVersion: null };
  if (loc.escape) return { ...base, state: 'unmarked', note: escapeNote(loc) };
  if (!loc.exists) return { ...base, state: 'absent' };
  if (!isFile(loc.abs)) return { ...base, state: 'unmarked', note: 'not a regular file' };
  const current = readText(loc.abs);
  const all = lines(current);
  const begins = all.filter((l) => BEGIN_RE.test(l.text));
  const ends = all.filter((l) => END_RE.test(l.text));
  const withText = { ...base, current };
  if (begins.length === 0 && ends.length === 0) return { ...withText, state: 'absent', note: 'AGENTS.md has no svc section' };
  const why =
    begins.length === 0 ? 'END marker without BEGIN' : ends.length === 0 ? 'BEGIN marker without END' : begins.length > 1 || ends.length > 1 ? 'duplicated svc markers' : ends[0]!.start < begins[0]!.start ? 'END marker before BEGIN' : null;
  if (why) return { ...withText, state: 'corrupt', note: why };
  const begin = begins[0]!;
  const end = ends[0]!;
  const m = parseBegin(begin.text);
  if (!m) return { ...withText, state: 'corrupt', note: 'unreadable BEGIN marker', begin, end };
  const found = { ...withText, begin, end, skills: orderSkills(m.skills), installedVersion: m.version };
  if (sha256(current.slice(begin.next, end.start)) !== m.sha256) return { ...found, state: 'modified', note: 'edited since it was installed' };
  const section = current.slice(begin.start, end.start + END_LINE.length);
  return { ...found, state: section === renderSection(found.skills, version) ? 'ok' : 'stale' };
}

/** One row per target and skill: what `agent list` and `agent status` print. */
export function inspectAll(root: string, targets: readonly Target[], skills: readonly Skill[], version: string): AgentFile[] {
  const rows: AgentFile[] = [];
  let section: SectionInspection | undefined;
  for (const target of targets) {
    for (const skill of skills) {
      if (target === 'codex') {
        section ??= inspectSection(root, version);
        const listed = section.skills.includes(skill);
        const state: FileState = ['ok', 'stale', 'modified'].includes(section.state) && !listed ? 'absent' : section.state;
        const note = state === 'absent' && section.state !== 'absent' ? 'not in the svc section' : section.note;
        rows.push({ target, skill, state, mode: modeOf(target), path: section.rel, installedVersion: state === 'absent' ? null : section.installedVersion, ...(note ? { note } : {}) });
      } else {
        const own = inspectFile(root, target, skill, version);
        const shared = own.state === 'absent' ? sharedFrom(root, target, skill, version) : null;
        const f = shared?.file ?? own;
        const note = shared ? `read from ${shared.target}'s skill folder` : f.note;
        rows.push({ target, skill, state: f.state, mode: modeOf(target), path: f.rel, installedVersion: f.installedVersion, ...(note ? { note } : {}) });
      }
    }
  }
  return rows;
}
