import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { loadSkill, renderFile, renderSection } from '../../src/agent/render.js';
import { parseBegin, parseFileMarker, sha256 } from '../../src/agent/marker.js';
import { SKILLS, TARGETS, type Target } from '../../src/agent/targets.js';

const V = '9.9.9';
type FileTarget = Exclude<Target, 'codex'>;
const FILE_TARGETS = TARGETS.filter((t): t is FileTarget => t !== 'codex');

/** Frontmatter block and the rest. */
function split(text: string): { fm: string | null; rest: string } {
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  return m ? { fm: m[1]!, rest: m[2]! } : { fm: null, rest: text };
}

describe('rendered skill files', () => {
  it.each(FILE_TARGETS.flatMap((t) => SKILLS.map((s) => [t, s] as const)))('%s/%s: frontmatter its agent reads, then the marker', (target, skill) => {
    const src = loadSkill(skill);
    const text = renderFile(target, skill, V);
    const { fm, rest } = split(text);
    const [markerLine, blank] = rest.split('\n');
    const marker = parseFileMarker(markerLine!);
    expect(marker).toMatchObject({ name: skill, target, version: V });
    expect(blank).toBe('');
    // The hash covers everything but the marker line.
    expect(sha256(text.replace(`${markerLine}\n`, ''))).toBe(marker!.sha256);
    expect(text).toContain(src.body);
    switch (target) {
      case 'claude':
      case 'antigravity':
      case 'kiro':
      case 'copilot':
      case 'cline':
        // Agent Skills: loaded only when a task matches the description.
        expect(YAML.parse(fm!)).toEqual({ name: skill, description: src.description });
        break;
      case 'windsurf':
        expect(YAML.parse(fm!)).toEqual({ trigger: 'model_decision', description: src.description });
        expect(text.length).toBeLessThan(12_000); // Windsurf's per-file limit
        break;
      case 'cursor':
        // Not strict YAML: values are read as written, so nothing may be quoted.
        expect(fm!.split('\n')).toEqual([`description: ${src.description}`, 'globs:', 'alwaysApply: false']);
        expect(src.description).not.toMatch(/^["']|\n/);
        break;
    }
  });

  it('codex: one section holding every skill, hashed between the markers', () => {
    const section = renderSection(['svc-onboard', 'svc-verify'], V);
    const lines = section.split('\n');
    const begin = parseBegin(lines[0]!);
    expect(begin).toMatchObject({ skills: ['svc-verify', 'svc-onboard'], version: V });
    expect(lines.at(-1)).toBe('<!-- END svc:skills -->');
    expect(sha256(`${lines.slice(1, -1).join('\n')}\n`)).toBe(begin!.sha256);
    for (const s of SKILLS) expect(section).toContain(`### Skill: ${s}`);
    // Skill headings sit below the section's own; lines inside code fences are left alone.
    expect(section).toMatch(/^#### Verify a change with svc$/m);
    expect(section).not.toMatch(/^# /m);
  });

  it('is deterministic', () => {
    expect(renderFile('claude', 'svc-verify', V)).toBe(renderFile('claude', 'svc-verify', V));
    expect(renderFile('claude', 'svc-verify', V)).not.toBe(renderFile('claude', 'svc-verify', '1.0.0'));
  });
});
