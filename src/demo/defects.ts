/**
 * The defects the sample target API ships with on purpose (fixtures/target-api/README.md). A
 * generated suite that works finds each of them and fails nowhere else, so these are the demo's
 * expected failures. Generated test names start with the endpoint they exercise ("POST /users …").
 */
export interface PlantedDefect {
  endpoint: string;
  /** Which generated tests of the endpoint can see it; undefined: any test of the endpoint. */
  test?: RegExp;
  what: string;
}

export const PLANTED_DEFECTS: PlantedDefect[] = [
  { endpoint: 'POST /users', test: /duplicate/i, what: 'a duplicate email answers 500 instead of 409' },
  { endpoint: 'GET /posts/{id}', test: /malformed|invalid|injection|leak/i, what: 'GET /posts/abc leaks a stack trace in a 500' },
  { endpoint: 'POST /posts/{id}/comments', what: 'an invalid comment body is accepted with 201' },
  { endpoint: 'GET /admin/stats', test: /without|missing|credential|auth/i, what: 'the admin stats answer without a credential' },
  { endpoint: 'GET /broken', what: 'the endpoint always answers 500' },
];

export function endpointOf(testName: string): string {
  return /^[A-Z]+ \S+/.exec(testName)?.[0] ?? testName;
}

/** The planted defect a failed test shows, if any. */
export function defectOf(testName: string): PlantedDefect | undefined {
  const ep = endpointOf(testName);
  return PLANTED_DEFECTS.find((d) => d.endpoint === ep && (!d.test || d.test.test(testName)));
}

export interface DefectCheck {
  /** Every failure is a planted defect and every planted defect was found. */
  expected: boolean;
  unexpected: string[];
  missed: PlantedDefect[];
}

/** Compares the failed tests with the planted defects. Blocked or cancelled runs are never expected. */
export function checkFailures(runs: { testName: string; status: string }[]): DefectCheck {
  const notPassed = runs.filter((r) => r.status !== 'passed');
  const unexpected = notPassed.filter((r) => r.status !== 'failed' || !defectOf(r.testName)).map((r) => `${r.testName} (${r.status})`);
  const found = new Set(notPassed.filter((r) => r.status === 'failed').map((r) => defectOf(r.testName)).filter((d) => d));
  const missed = PLANTED_DEFECTS.filter((d) => !found.has(d));
  return { expected: !unexpected.length && !missed.length, unexpected, missed };
}
