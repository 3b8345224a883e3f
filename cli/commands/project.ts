import type { Command } from 'commander';
import type { Runtime } from '../runtime.js';
import { registerProjectList } from './project/list.js';
import { registerProjectGet } from './project/get.js';
import { registerProjectCreate } from './project/create.js';
import { registerProjectUpdate } from './project/update.js';
import { registerProjectDelete } from './project/delete.js';
import { registerProjectCredential } from './project/credential.js';
import { registerProjectAutoAuth } from './project/auto-auth.js';
import { registerProjectPrd } from './project/prd.js';
import { registerProjectFeatures } from './project/features.js';
import { registerProjectDocs } from './project/docs.js';
import { registerProjectDiscover } from './project/discover.js';
import { registerProjectEndpoints } from './project/endpoints.js';
import { registerProjectExplore } from './project/explore.js';

const VERBS = [registerProjectList, registerProjectGet, registerProjectCreate, registerProjectUpdate, registerProjectDelete, registerProjectCredential, registerProjectAutoAuth,
  registerProjectPrd, registerProjectFeatures, registerProjectDocs, registerProjectDiscover, registerProjectEndpoints, registerProjectExplore];

export function registerProject(program: Command, rt: Runtime): void {
  const group = program.command('project').description('frontend and backend projects: list, get, create, update, delete, credentials, PRD and feature map, API docs and discovery, exploration');
  for (const register of VERBS) register(group, rt);
}
