import { createHash } from 'node:crypto';
import type { Skill, Target } from './targets.js';

/**
 * Provenance markers. An own-file target carries one marker line right after its frontmatter; the
 * codex target carries a BEGIN/END pair around its managed section of AGENTS.md. The sha256 covers
 * the rendered text without the marker line (file) or between the markers (section), so any edit
 * by hand shows up as a hash mismatch.
 */
export interface FileMarker {
  name: string;
  target: string;
  version: string;
  sha256: string;
}
export interface SectionMarker {
  target: string;
  skills: string[];
  version: string;
  sha256: string;
}

const NOTE = "managed by 'svc agent install'; 'svc agent status' reports local edits";
export const FILE_MARKER_RE = /^<!-- svc:skill (.*) -->$/;
export const BEGIN_RE = /^<!-- BEGIN svc:skills (.*) -->$/;
export const END_RE = /^<!-- END svc:skills -->$/;
export const END_LINE = '<!-- END svc:skills -->';

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function fileMarkerLine(skill: Skill, target: Target, version: string, hash: string): string {
  return `<!-- svc:skill name=${skill} target=${target} version=${version} sha256=${hash} (${NOTE}) -->`;
}

export function beginLine(skills: readonly Skill[], version: string, hash: string): string {
  return `<!-- BEGIN svc:skills target=codex skills=${skills.join(',')} version=${version} sha256=${hash} (${NOTE}) -->`;
}

function fields(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of s.matchAll(/(\w+)=([^\s()]+)/g)) out[m[1]!] = m[2]!;
  return out;
}

export function parseFileMarker(line: string): FileMarker | null {
  const m = FILE_MARKER_RE.exec(line);
  if (!m) return null;
  const f = fields(m[1]!);
  if (!f.name || !f.target || !f.version || !/^[0-9a-f]{64}$/.test(f.sha256 ?? '')) return null;
  return { name: f.name, target: f.target, version: f.version, sha256: f.sha256! };
}

export function parseBegin(line: string): SectionMarker | null {
  const m = BEGIN_RE.exec(line);
  if (!m) return null;
  const f = fields(m[1]!);
  if (!f.skills || !f.version || !/^[0-9a-f]{64}$/.test(f.sha256 ?? '')) return null;
  return { target: f.target ?? 'codex', skills: f.skills.split(','), version: f.version, sha256: f.sha256! };
}

export interface Line {
  text: string;
  /** Offset of the first character of the line. */
  start: number;
  /** Offset just past the line's newline (or the end of the text). */
  next: number;
}

/** Lines with their offsets, so a section can be cut out without touching the bytes around it. */
export function lines(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl;
    const raw = text.slice(start, end);
    out.push({ text: raw.endsWith('\r') ? raw.slice(0, -1) : raw, start, next: nl === -1 ? text.length : nl + 1 });
    start = nl === -1 ? text.length : nl + 1;
  }
  return out;
}
