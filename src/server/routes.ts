import type { Hono } from 'hono';
import type { Endpoint } from '../contract/endpoint.js';
import type { AppEnv } from './context.js';
import type { RouteHandler } from './route.js';
import { registerMe } from './routes/me.js';
import { registerProjects } from './routes/projects.js';
import { registerProjectAutoAuth } from './routes/project-auto-auth.js';
import { registerTests } from './routes/tests.js';
import { registerTestContent } from './routes/test-content.js';
import { registerRuns } from './routes/runs.js';
import { registerBatches } from './routes/batches.js';
import { registerResults } from './routes/results.js';
import { registerTriage } from './routes/triage.js';
import { registerFlaky } from './routes/flaky.js';
import { registerUsage } from './routes/usage.js';
import { registerProjectSpecs } from './routes/project-specs.js';
import { registerExplorations } from './routes/explorations.js';
import { registerPlans } from './routes/plans.js';
import { registerTestAsk } from './routes/test-ask.js';
import { registerSchedules } from './routes/schedules.js';
import { registerProjectFiles } from './routes/project-files.js';

export interface RouteKit {
  mount<E extends Endpoint>(app: Hono<AppEnv>, e: E, handler: RouteHandler<E>): void;
}
export type RouteRegistrar = (app: Hono<AppEnv>, kit: RouteKit) => void;

/** One registrar per resource file under routes/. */
export const REGISTRARS: RouteRegistrar[] = [registerMe, registerProjects, registerProjectAutoAuth, registerTests, registerTestContent, registerRuns, registerBatches, registerResults, registerTriage, registerFlaky, registerUsage, registerProjectSpecs, registerExplorations, registerPlans, registerTestAsk, registerSchedules, registerProjectFiles];
