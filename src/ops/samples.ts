import type { Project } from '../contract/projects.js';
import type { Test, TestCreated } from '../contract/tests.js';

/** Canned --dry-run responses; a unit test checks each against its output schema. */
const T0 = '2025-01-01T00:00:00.000Z';
export const SAMPLE_PROJECT_ID = 'prj_0000000000sample';
export const SAMPLE_TEST_ID = 'tst_0000000000sample';
const DASHBOARD = 'http://127.0.0.1:7788/portal';

export function sampleProject(over: Partial<Project> = {}): Project {
  return {
    id: SAMPLE_PROJECT_ID,
    name: 'Sample project',
    type: 'frontend',
    createdFrom: 'cli',
    createdAt: T0,
    updatedAt: T0,
    url: 'https://app.example.com',
    username: null,
    password: null,
    instruction: null,
    credential: null,
    autoAuth: null,
    dashboardUrl: `${DASHBOARD}/projects/${SAMPLE_PROJECT_ID}`,
    ...over,
  };
}

export function sampleTest(over: Partial<Test> = {}): Test {
  return {
    id: SAMPLE_TEST_ID,
    projectId: SAMPLE_PROJECT_ID,
    projectName: 'Sample project',
    name: 'Sign in with a valid account',
    type: 'frontend',
    createdFrom: 'cli',
    status: 'ready',
    createdAt: T0,
    updatedAt: T0,
    description: null,
    priority: 'p1',
    planStepCount: 2,
    details: {
      planSteps: [
        { type: 'action', description: 'Open the sign-in page and sign in as the test user' },
        { type: 'assertion', description: 'The dashboard greets the user by name' },
      ],
    },
    codeVersion: 1,
    lastRunId: null,
    dashboardUrl: `${DASHBOARD}/tests/${SAMPLE_TEST_ID}`,
    ...over,
  };
}

export function sampleCreated(type: 'frontend' | 'backend' = 'frontend', n = 0): TestCreated {
  const testId = n ? `${SAMPLE_TEST_ID}${n}` : SAMPLE_TEST_ID;
  return { testId, type, codeVersion: 1, createdAt: T0, dashboardUrl: `${DASHBOARD}/tests/${testId}` };
}
