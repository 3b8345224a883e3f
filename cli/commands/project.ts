import type { Command } from 'commander';
import { registerVerbs, type Verb } from '../lazy.js';
import type { Runtime } from '../runtime.js';

const VERBS: Verb[] = [
  { names: ['list'], load: async () => (await import('./project/list.js')).registerProjectList },
  { names: ['get'], load: async () => (await import('./project/get.js')).registerProjectGet },
  { names: ['create'], load: async () => (await import('./project/create.js')).registerProjectCreate },
  { names: ['update'], load: async () => (await import('./project/update.js')).registerProjectUpdate },
  { names: ['delete'], load: async () => (await import('./project/delete.js')).registerProjectDelete },
  { names: ['credential'], load: async () => (await import('./project/credential.js')).registerProjectCredential },
  { names: ['auto-auth'], load: async () => (await import('./project/auto-auth.js')).registerProjectAutoAuth },
  { names: ['prd'], load: async () => (await import('./project/prd.js')).registerProjectPrd },
  { names: ['features'], load: async () => (await import('./project/features.js')).registerProjectFeatures },
  { names: ['docs'], load: async () => (await import('./project/docs.js')).registerProjectDocs },
  { names: ['discover'], load: async () => (await import('./project/discover.js')).registerProjectDiscover },
  { names: ['endpoints'], load: async () => (await import('./project/endpoints.js')).registerProjectEndpoints },
  { names: ['explore', 'exploration'], load: async () => (await import('./project/explore.js')).registerProjectExplore },
  { names: ['schedule'], load: async () => (await import('./project/schedule.js')).registerProjectSchedule },
  { names: ['files'], load: async () => (await import('./project/files.js')).registerProjectFiles },
];

export async function registerProject(program: Command, rt: Runtime, verb?: string): Promise<void> {
  await registerVerbs(program.command('project'), rt, VERBS, verb);
}
