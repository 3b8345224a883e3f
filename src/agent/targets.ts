/** The agent targets `setup --agent` and `agent install` know, and where each keeps a skill. */
export const TARGETS = ['claude', 'cursor', 'cline', 'antigravity', 'kiro', 'windsurf', 'copilot', 'codex'] as const;
export type Target = (typeof TARGETS)[number];

export const SKILLS = ['svc-verify', 'svc-onboard'] as const;
export type Skill = (typeof SKILLS)[number];

/** `file`: one file per skill. `section`: every skill in one managed section of a shared file. */
export type Mode = 'file' | 'section';

export function modeOf(target: Target): Mode {
  return target === 'codex' ? 'section' : 'file';
}

/**
 * Relative path (under the project dir) of a skill's file for a target, as each agent documents it:
 * Agent Skills folders (SKILL.md, loaded only when the task matches its description) for claude,
 * antigravity, kiro, copilot and cline; rule files for cursor (.mdc) and windsurf; codex reads
 * AGENTS.md, so all skills share one section there.
 */
export function skillPath(target: Target, skill: Skill): string {
  switch (target) {
    case 'claude':
      return `.claude/skills/${skill}/SKILL.md`;
    case 'cursor':
      return `.cursor/rules/${skill}.mdc`;
    case 'cline':
      return `.cline/skills/${skill}/SKILL.md`;
    case 'antigravity':
      return `.agents/skills/${skill}/SKILL.md`;
    case 'kiro':
      return `.kiro/skills/${skill}/SKILL.md`;
    case 'windsurf':
      return `.windsurf/rules/${skill}.md`;
    case 'copilot':
      return `.github/skills/${skill}/SKILL.md`;
    case 'codex':
      return 'AGENTS.md';
  }
}

/**
 * Other targets' skill folders a target also reads: Copilot finds skills in .claude/skills and
 * .agents/skills as well as its own, Cline in .claude/skills. When one of those is installed, the
 * target uses it instead of a copy of its own, so the agent never sees a skill twice.
 */
export function alsoReads(target: Target): Exclude<Target, 'codex'>[] {
  return target === 'copilot' ? ['claude', 'antigravity'] : target === 'cline' ? ['claude'] : [];
}
