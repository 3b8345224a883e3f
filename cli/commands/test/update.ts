import { Option, type Command } from 'commander';
import { SvcError } from '../../../src/contract/errors.js';
import { testUpdate } from '../../../src/ops/test-update.js';
import { collect } from '../../flags.js';
import { idempotencyOption } from '../../inputs.js';
import type { Runtime } from '../../runtime.js';
import { renderTest } from './render.js';

export function registerTestUpdate(group: Command, rt: Runtime): void {
  const cmd = group
    .command('update <test-id>')
    .description('change a test; updated declarations are echoed by test get')
    .option('--name <name>', 'at most 200 characters')
    .option('--description <text>', 'up to 2000 characters')
    .addOption(new Option('--priority <p>', 'priority').choices(['p0', 'p1', 'p2', 'p3']))
    .option('--produces <var>', 'backend: variables captured (repeatable; replaces the list)', collect)
    .option('--needs <var>', 'backend: variables used (repeatable; replaces the list)', collect)
    .addOption(new Option('--category <c>', 'backend: wave category').choices(['setup', 'main', 'teardown']));
  idempotencyOption(cmd).action(async (testId: string, o) => {
    if (![o.name, o.description, o.priority, o.produces, o.needs, o.category].some((v) => v !== undefined)) {
      throw new SvcError('VALIDATION_ERROR', 'nothing to update: give at least one of --name, --description, --priority, --produces, --needs, --category');
    }
    const t = await rt.exec(testUpdate, {
      testId, name: o.name, description: o.description, priority: o.priority, produces: o.produces, consumes: o.needs, category: o.category, idempotencyKey: o.idempotencyKey,
    });
    rt.emit(t, renderTest);
  });
}
