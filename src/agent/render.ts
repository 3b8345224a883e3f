import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import YAML from 'yaml';
import { packageRoot } from '../util/package-root.js';
import { beginLine, END_LINE, fileMarkerLine, sha256 } from './marker.js';
import { SKILLS, type Skill, type Target } from './targets.js';

/** A skill's content as it lives once in skills/<name>.md: frontmatter name/description, then the body. */
export interface SkillSource {
  name: Skill;
  description: string;
  body: string;
}

const SENTINEL = 'SVC-PROVENANCE-MARKER';

export function loadSkill(skill: Skill): SkillSource {
  const text = readFileSync(join(packageRoot(), 'skills', `${skill}.md`), 'utf8');
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!m) throw new Error(`skills/${skill}.md has no frontmatter`);
  const fm = YAML.parse(m[1]!) as { name?: string; description?: string };
  if (fm.name !== skill || !fm.description) throw new Error(`skills/${skill}.md needs name: ${skill} and a description`);
  return { name: skill, description: fm.description.trim(), body: m[2]!.trim() };
}

const hb = Handlebars.create();
// SKILL.md, Windsurf and Copilot frontmatter is real YAML: quote a value only when YAML needs it.
hb.registerHelper('yaml', (v: unknown) => YAML.stringify(String(v), { lineWidth: 0 }).trimEnd());
// Cursor's .mdc frontmatter is not strict YAML (a quoted value keeps its quotes): plain, one line.
hb.registerHelper('oneLine', (v: unknown) => String(v).replace(/\s*\n\s*/g, ' '));
// Inside AGENTS.md each skill sits under the section's headings, so its own headings move down.
hb.registerHelper('demote', (v: unknown, by: unknown) => {
  const n = typeof by === 'number' ? by : 1;
  let fence = false;
  return String(v)
    .split('\n')
    .map((l) => {
      if (/^(```|~~~)/.test(l)) fence = !fence;
      const h = /^(#{1,6}) /.exec(l);
      return !fence && h ? `${'#'.repeat(Math.min(6, h[1]!.length + n))}${l.slice(h[1]!.length)}` : l;
    })
    .join('\n');
});

const compiled = new Map<string, HandlebarsTemplateDelegate>();
function template(name: string): HandlebarsTemplateDelegate {
  let t = compiled.get(name);
  if (!t) {
    const src = readFileSync(join(packageRoot(), 'templates', `${name}.hbs`), 'utf8');
    t = hb.compile(src, { noEscape: true, strict: true });
    compiled.set(name, t);
  }
  return t;
}

const normalize = (s: string) => `${s.replace(/\r\n/g, '\n').trimEnd()}\n`;

/** The exact file this CLI version installs for an own-file target. */
export function renderFile(target: Exclude<Target, 'codex'>, skill: Skill, version: string): string {
  const text = normalize(template(target)({ ...loadSkill(skill), target, version, marker: SENTINEL }));
  const at = text.indexOf(`${SENTINEL}\n`);
  if (at === -1) throw new Error(`templates/${target}.hbs must put {{marker}} on a line of its own`);
  const hash = sha256(text.slice(0, at) + text.slice(at + SENTINEL.length + 1));
  return text.replace(SENTINEL, fileMarkerLine(skill, target, version, hash));
}

/** Skills in their canonical order, without duplicates. */
export function orderSkills(skills: Iterable<string>): Skill[] {
  const set = new Set(skills);
  return SKILLS.filter((s) => set.has(s));
}

/** The managed AGENTS.md section (BEGIN line to END line, no trailing newline) for these skills. */
export function renderSection(skills: readonly Skill[], version: string): string {
  const inner = normalize(template('codex')({ skills: orderSkills(skills).map(loadSkill), version }));
  return `${beginLine(orderSkills(skills), version, sha256(inner))}\n${inner}${END_LINE}`;
}
