import type { ApiEndpoint } from '../contract/discovery.js';
import type { EndpointList, Exploration, FeatureMapView, PlanAccepted, PlanView } from '../contract/generation.js';
import { SAMPLE_PROJECT_ID, SAMPLE_TEST_ID } from './samples.js';

/** Canned --dry-run responses of the generation ops; checked against their schemas by a unit test. */
const T0 = '2025-01-01T00:00:00.000Z';

export function sampleFeatureMap(projectId = SAMPLE_PROJECT_ID, withPrd = true): FeatureMapView {
  return {
    projectId,
    prd: withPrd ? { filename: 'prd.md', bytes: 1200, chars: 1180, uploadedAt: T0 } : null,
    featureMap: withPrd
      ? { features: [{ id: 'accounts', name: 'Accounts', description: 'Sign-up and profiles', useCases: [{ id: 'accounts/sign-up', name: 'Sign up', description: 'A visitor creates an account' }] }], flows: [], source: 'rules' }
      : null,
    extractedAt: withPrd ? T0 : null,
  };
}

const ep = (method: ApiEndpoint['method'], path: string, over: Partial<ApiEndpoint> = {}): ApiEndpoint => ({
  id: `${method} ${path}`, method, path, pathParams: path.includes('{') ? [{ name: 'id', required: true }] : [], queryParams: [], responses: [{ status: method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200 }],
  auth: 'bearer', family: 'users', source: 'docs', ...over,
});

export function sampleEndpoints(projectId = SAMPLE_PROJECT_ID, probed = false): EndpointList {
  return {
    projectId, format: 'openapi3', title: 'Sample API',
    endpoints: [ep('GET', '/users'), ep('POST', '/users', { deleteOf: 'DELETE /users/{id}', idField: 'id' }), ep('DELETE', '/users/{id}')],
    pairs: [{ createId: 'POST /users', deleteId: 'DELETE /users/{id}', resource: 'users', variable: 'user_id' }],
    orphans: [], deleteTemplates: ['/users/{id}'], warnings: [],
    probes: probed ? [{ endpointId: 'GET /users', method: 'GET', reachable: true, status: 200, requiresAuth: true, contentType: 'application/json' }] : [],
    probedAt: probed ? T0 : null, updatedAt: T0,
  };
}

export function sampleExploration(projectId = SAMPLE_PROJECT_ID, running = false): Exploration {
  return {
    id: 'exp_0000000000sample', projectId, status: running ? 'running' : 'done', baseUrl: 'https://app.example.com/', withAccount: true, only: [],
    signedIn: running ? null : true, signInError: null, error: null,
    features: [{
      id: 'nav-todos', name: 'Todos', url: '/todos', kind: 'navigation', status: running ? 'exploring' : 'done',
      observedSteps: [{ type: 'action', description: 'Go to /todos' }, { type: 'assertion', description: 'Verify "Todos" is visible' }],
      recordings: ['explorations/exp_0000000000sample/features/nav-todos/step-001.jpg'], explorationId: 'exp_0000000000sample',
    }],
    counts: { exploring: running ? 1 : 0, done: running ? 0 : 1, failed: 0, blocked: 0 },
    artifactsDir: '/var/lib/svc/artifacts', createdAt: T0, finishedAt: running ? null : T0,
  };
}

export function samplePlan(projectId = SAMPLE_PROJECT_ID, over: Partial<PlanView> = {}): PlanView {
  return {
    projectId, type: 'backend', generatedAt: T0, instructions: null, warnings: [],
    cases: [{
      id: 'post-users.create', title: 'POST /users creates a user', category: 'functional', priority: 'p0', selected: true, testId: null,
      description: 'Creates a user with a valid body and expects 201.',
      backend: {
        id: 'post-users.create', title: 'POST /users creates a user', category: 'functional', kind: 'create', priority: 'p0', endpointId: 'POST /users', method: 'POST', path: '/users',
        expect: { status: [201], checks: ['schema'] }, produces: ['user_id'], needs: [], testCategory: 'setup', selected: true,
        description: 'Creates a user with a valid body and expects 201.', origin: 'planner',
      },
    }],
    counts: { total: 1, selected: 1, accepted: 0 },
    ...over,
  };
}

export function sampleAccepted(projectId = SAMPLE_PROJECT_ID): PlanAccepted {
  const c = { caseId: 'post-users.create', testId: SAMPLE_TEST_ID, name: 'POST /users creates a user' };
  return { projectId, created: [c], existing: [], testIds: [c.testId] };
}
