import type { Command } from 'commander';
import type { Runtime } from '../runtime.js';
import { registerProjectList } from './project/list.js';
import { registerProjectGet } from './project/get.js';
import { registerProjectCreate } from './project/create.js';
import { registerProjectUpdate } from './project/update.js';
import { registerProjectDelete } from './project/delete.js';
import { registerProjectCredential } from './project/credential.js';
import { registerProjectAutoAuth } from './project/auto-auth.js';

const VERBS = [registerProjectList, registerProjectGet, registerProjectCreate, registerProjectUpdate, registerProjectDelete, registerProjectCredential, registerProjectAutoAuth];

export function registerProject(program: Command, rt: Runtime): void {
  const group = program.command('project').description('frontend and backend projects: list, get, create, update, delete, credentials');
  for (const register of VERBS) register(group, rt);
}
