import type { Command } from 'commander';
import type { Runtime } from './runtime.js';
import { registerSetup } from './commands/setup.js';
import { registerDoctor } from './commands/doctor.js';
import { registerAuth } from './commands/auth.js';
import { registerUsage } from './commands/usage.js';
import { registerProject } from './commands/project.js';
import { registerTest } from './commands/test.js';
import { registerAgent } from './commands/agent.js';
import { registerPlan } from './commands/plan.js';
import { registerCompletion } from './commands/completion.js';

/** The command tree of SPEC.md 4.3, one registrar per noun, in help order. */
export const COMMANDS: ((program: Command, rt: Runtime) => void)[] = [registerSetup, registerDoctor, registerAuth, registerProject, registerTest, registerPlan, registerAgent, registerUsage, registerCompletion];
