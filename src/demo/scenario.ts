import { ApiClient, type Logger } from '../client/http.js';
import { getBatch, type BatchView } from '../contract/batches.js';
import { getMe } from '../contract/me.js';
import type { Op, OpContext } from '../ops/op.js';
import type { z } from 'zod';
import { projectCreate } from '../ops/project-create.js';
import { projectCredential } from '../ops/project-credential.js';
import { testCreate } from '../ops/test-create.js';
import { testRun } from '../ops/test-run.js';
import { renderRunTable } from '../output/run-text.js';
import { renderTable } from '../output/table.js';
import { packageVersion } from '../util/package-root.js';
import { DEMO_TESTS } from './suite.js';

export interface DemoContext {
  apiUrl: string;
  apiKey: string;
  /** The sample target API the backend project tests. */
  target: { url: string; store(): { users: unknown[]; posts: unknown[]; comments: unknown[]; tags: unknown[] } };
  out: (s: string) => void;
  log: (s: string) => void;
}

/**
 * The demo's walk through the backend lifecycle, through the same ops the CLI and MCP server use:
 * project with a credential, chained tests, a run of all of them in waves with live progress,
 * results, variables and the cleanup sweep. Returns false when something did not end as expected.
 */
export async function runDemoScenario(d: DemoContext): Promise<boolean> {
  const logger: Logger = { debug: () => undefined, verbose: () => undefined };
  const client = new ApiClient({ baseUrl: d.apiUrl, apiKey: d.apiKey, timeoutMs: 30_000, surface: 'cli', userAgent: `svc-demo/${packageVersion()}`, logger });
  let last = '';
  const ctx: OpContext = {
    client: () => client,
    config: () => {
      throw new Error('the demo has no CLI configuration');
    },
    surface: 'cli',
    log: logger,
    advise: (m) => d.log(`[advisory] ${m}\n`),
    progress: ({ message }) => {
      if (message !== last) d.log(`  … ${(last = message)}\n`);
    },
    // The sample target listens on loopback; the server was started to allow it.
    env: { SVC_ALLOW_PRIVATE_TARGETS: '1' },
    cwd: process.cwd(),
  };

  // Inputs go through each op's schema, as the CLI's do (defaults, limits).
  const exec: Exec = (op, input) => op.run(ctx, op.input.parse(input));

  const me = await client.call(getMe);
  d.log(`signed in as ${me.name} (${me.userId}), key ${me.keyId}\n`);
  const project = await testProject(exec, d.target.url);
  d.log(`created backend project ${project} for ${d.target.url} (credential: Bearer token)\n`);
  for (const t of DEMO_TESTS) {
    const c = await exec(testCreate, { projectId: project, type: 'backend', name: t.name, code: t.code, produces: t.produces, consumes: t.needs, category: t.category });
    d.log(`created test ${c.testId}  ${t.name}${t.needs ? `  (needs ${t.needs.join(', ')})` : ''}${t.produces ? `  (produces ${t.produces.join(', ')})` : ''}\n`);
  }

  const before = d.target.store();
  d.log('running all tests in waves (svc test run --all --wait) …\n');
  const outcome = await exec(testRun, { all: true, projectId: project, wait: true, timeout: 300 });
  const batch = await client.call(getBatch, { params: { batchId: outcome.batchId } });
  const after = d.target.store();

  d.out(`\nResults (batch ${batch.batchId}, ${batch.waves.length} waves)\n`);
  d.out(renderRunTable(batch.runs.map((r) => ({ runId: r.runId, testName: r.testName, status: r.status, wave: r.wave, reason: r.reason }))));
  d.out(`\nDynamic variables\n${variablesTable(batch)}`);
  const c = batch.cleanup;
  d.out(`\ncleanup: ${c.deleted} deleted, ${c.alreadyGone} already gone, ${c.failed} failed, ${c.orphaned} might be orphaned\n`);
  for (const r of c.records.filter((x) => x.status === 'orphaned')) d.out(`  Might be orphaned: ${r.resourcePath} (id ${r.resourceId}, from ${r.sourceEndpoint}; the API has no DELETE for it)\n`);
  const restored = (['users', 'posts', 'comments'] as const).every((k) => JSON.stringify(before[k]) === JSON.stringify(after[k]));
  d.out(`target after cleanup: users, posts and comments ${restored ? 'exactly as before the run' : 'NOT as before the run'}; tags +${after.tags.length - before.tags.length}\n`);

  const allPassed = batch.runs.every((r) => r.status === 'passed');
  return allPassed && c.status === 'done' && c.failed === 0 && c.orphaned === 1 && restored;
}

type Exec = <I extends z.ZodObject, O extends z.ZodType>(op: Op<I, O>, input: z.input<I>) => Promise<z.infer<O>>;

async function testProject(exec: Exec, url: string): Promise<string> {
  const p = await exec(projectCreate, { type: 'backend', name: 'Demo: sample target API', url });
  // The sample API always accepts this fixed token (fixtures/target-api/README.md).
  await exec(projectCredential, { projectId: p.id, type: 'Bearer token', credential: 'demo-token' });
  return p.id;
}

function variablesTable(b: BatchView): string {
  return renderTable(
    ['VARIABLE', 'VALUE', 'CAPTURED FROM', 'USED BY', 'DELETED BY'],
    b.variables.map((v) => [v.name, JSON.stringify(v.value), v.capturedFrom.testName, v.usedBy.map((u) => u.testName).join(', ') || '-', v.deletedBy ?? '-']),
  );
}
