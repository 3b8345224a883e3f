import type { Command } from 'commander';
import { testGet } from '../../../src/ops/test-get.js';
import type { Runtime } from '../../runtime.js';
import { renderTest } from './render.js';

export function registerTestGet(group: Command, rt: Runtime): void {
  group
    .command('get <test-id>')
    .description('every field of a test, with its plan steps (frontend) or code summary and declarations (backend)')
    .action(async (testId: string) => rt.emit(await rt.exec(testGet, { testId }), renderTest));
}
