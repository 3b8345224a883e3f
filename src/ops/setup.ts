import { z } from 'zod';
import { getMe, Identity } from '../contract/me.js';
import { SvcError } from '../contract/errors.js';
import { DEFAULT_API_URL } from '../client/config.js';
import { readProfiles, setProfile } from '../client/credentials.js';
import { TARGETS } from '../agent/targets.js';
import { installForSetup, AgentSetupResult } from '../agent/setup-install.js';
import { defineOp } from './op.js';
import { SAMPLE_IDENTITY } from './auth-status.js';

export const SetupInput = z.object({
  apiKey: z.string().min(1).describe('The key to validate and store'),
  agent: z.enum(TARGETS).default('claude'),
  noAgent: z.boolean().default(false),
  force: z.boolean().default(false),
  dir: z.string().default('.'),
});

export const SetupResult = z
  .object({
    initialized: z.literal(true),
    profile: z.string(),
    credentialsFile: z.string(),
    apiUrl: z.string(),
    identity: Identity,
    agent: AgentSetupResult,
    nextSteps: z.array(z.string()),
  })
  .meta({ id: 'SetupResult' });
export type SetupResult = z.infer<typeof SetupResult>;

/**
 * Validates the key with GET /me first; only a key the server accepts is written, so a typo never
 * replaces a working profile. Then installs the agent skill unless told not to.
 */
export const setup = defineOp({
  name: 'setup',
  title: 'Configure credentials',
  description: 'Validate an API key, store it in the active profile and install the agent skill.',
  input: SetupInput,
  output: SetupResult,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  mcp: false,
  sample: (i): SetupResult => ({
    initialized: true,
    profile: 'default',
    credentialsFile: '~/.svc/credentials',
    apiUrl: DEFAULT_API_URL,
    identity: SAMPLE_IDENTITY,
    agent: i.noAgent ? { status: 'skipped', target: null, files: [], message: '--no-agent' } : { status: 'installed', target: i.agent, files: ['.claude/skills/svc-verify/SKILL.md', '.claude/skills/svc-onboard/SKILL.md'], message: 'installed 2 skills' },
    nextSteps: nextSteps(),
  }),
  async run(ctx, input): Promise<SetupResult> {
    const cfg = ctx.config();
    let identity: Identity;
    try {
      identity = await ctx.client().call(getMe, { apiKey: input.apiKey });
    } catch (err) {
      if (err instanceof SvcError && err.exitCode === 3) {
        throw new SvcError(err.code, `the server rejected this API key (${err.message}); nothing was written`, {
          nextAction: "Check the key (create one with 'svc-server keys create') and run setup again.",
          requestId: err.requestId,
        });
      }
      throw err;
    }
    const existing = readProfiles(cfg.credentialsFile)[cfg.profile] ?? {};
    const fields: Record<string, string> = { ...existing, api_key: input.apiKey };
    if (cfg.apiUrl !== DEFAULT_API_URL) fields.api_url = cfg.apiUrl;
    setProfile(cfg.credentialsFile, cfg.profile, fields);
    const agent: AgentSetupResult = input.noAgent
      ? { status: 'skipped', target: null, files: [], message: '--no-agent' }
      : installForSetup({ target: input.agent, dir: input.dir, force: input.force, cwd: ctx.cwd });
    return {
      initialized: true,
      profile: cfg.profile,
      credentialsFile: cfg.credentialsFile,
      apiUrl: cfg.apiUrl,
      identity,
      agent,
      nextSteps: nextSteps(),
    };
  },
});

function nextSteps(): string[] {
  return [
    'svc doctor',
    'svc project create --type backend --name "My API" --url https://api.example.com',
    'svc test scaffold --type backend --out test_api.py',
  ];
}
