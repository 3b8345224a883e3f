/** The agent targets `setup --agent` and `agent install` know, and where each keeps a skill. */
export const TARGETS = ['claude', 'cursor', 'cline', 'antigravity', 'kiro', 'windsurf', 'copilot', 'codex'] as const;
export type Target = (typeof TARGETS)[number];

export const SKILLS = ['svc-verify', 'svc-onboard'] as const;
export type Skill = (typeof SKILLS)[number];

/** Relative path (under the project dir) of a skill's file for a target. codex: one shared file. */
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
