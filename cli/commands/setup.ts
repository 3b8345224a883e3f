import type { Command } from 'commander';
import { Option } from 'commander';
import { SvcError } from '../../src/contract/errors.js';
import { TARGETS } from '../../src/agent/targets.js';
import { setup, type SetupResult } from '../../src/ops/setup.js';
import type { Runtime } from '../runtime.js';

export function registerSetup(program: Command, rt: Runtime): void {
  program
    .command('setup')
    .option('--api-key <key>', 'key to configure (skips the prompt)')
    .option('--from-env', 'read the key from SVC_API_KEY')
    .addOption(new Option('--agent <target>', 'agent to install the skill for').choices([...TARGETS]).default('claude'))
    .option('--no-agent', 'configure credentials only')
    .option('--force', 'overwrite an existing skill file (a .bak backup is kept)', false)
    .option('--dir <path>', 'project root for the skill install (default: current directory)')
    .option('-y, --yes', 'non-interactive: accept defaults, never prompt', false)
    .action(async (o) => {
      const apiKey = await resolveKey(rt, o);
      const result = await rt.exec(setup, { apiKey, agent: o.agent === false ? 'claude' : o.agent, noAgent: o.agent === false, force: o.force, dir: o.dir ?? rt.io.cwd }, { keyOptional: true });
      rt.emit(result, renderSetup);
    });
}

async function resolveKey(rt: Runtime, o: { apiKey?: string; fromEnv?: boolean; yes?: boolean }): Promise<string> {
  if (o.apiKey) return o.apiKey;
  if (o.fromEnv) {
    const k = rt.io.env.SVC_API_KEY;
    if (!k) throw new SvcError('VALIDATION_ERROR', '--from-env given but SVC_API_KEY is not set', { nextAction: 'Export SVC_API_KEY or pass --api-key <key>.' });
    return k;
  }
  if (rt.globals().dryRun) return 'svc_dry_run_sample_key_0000000000';
  if (!rt.io.stdinIsTTY || o.yes) {
    throw new SvcError('VALIDATION_ERROR', 'no API key given and no terminal to ask for one', {
      nextAction: 'Pass --api-key <key>, or --from-env with SVC_API_KEY set.',
    });
  }
  const k = await rt.io.readSecret('API key: ');
  if (!k) throw new SvcError('VALIDATION_ERROR', 'no API key entered', { nextAction: "Create one with 'svc-server keys create' and paste it." });
  return k;
}

function renderSetup(r: SetupResult): string {
  const lines = [
    'initialized.',
    `profile:  ${r.profile} (${r.credentialsFile})`,
    `endpoint: ${r.apiUrl}`,
    `user:     ${r.identity.name} (${r.identity.userId})`,
    `scopes:   ${r.identity.scopes.join(', ')}`,
    `agent:    ${r.agent.status}${r.agent.target ? ` (${r.agent.target})` : ''}: ${r.agent.message}`,
    ...r.agent.files.map((f) => `          ${f}`),
    'next steps:',
    ...r.nextSteps.map((s) => `  ${s}`),
  ];
  return `${lines.join('\n')}\n`;
}
