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
 * Agent Skills folders (SKILL.md) for claude, antigravity and kiro; rule files for cursor (.mdc),
 * cline, windsurf and copilot; codex reads AGENTS.md, so all skills share one section there.
 */
export function skillPath(target: Target, skill: Skill): string {
  switch (target) {
    case 'claude':
      return `.claude/skills/${skill}/SKILL.md`;
    case 'cursor':
      return `.cursor/rules/${skill}.mdc`;
    case 'cline':
      return `.clinerules/${skill}.md`;
    case 'antigravity':
      return `.agents/skills/${skill}/SKILL.md`;
    case 'kiro':
      return `.kiro/skills/${skill}/SKILL.md`;
    case 'windsurf':
      return `.windsurf/rules/${skill}.md`;
    case 'copilot':
      return `.github/instructions/${skill}.instructions.md`;
    case 'codex':
      return 'AGENTS.md';
  }
}
