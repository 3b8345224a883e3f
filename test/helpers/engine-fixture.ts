import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KeyedGates } from '../../src/engine/limits.js';
import { migrate, openStore, type Store } from '../../src/store/db.js';
import type { EngineContext } from '../../src/engine/context.js';
import type { ExecuteInput, ExecuteResult, RecordedCall, TestExecutor } from '../../src/engine/types.js';
import { newId, nowIso } from '../../src/util/ids.js';

/** A test's behaviour for the fake executor: JSON in the code column. */
export interface FakeScript {
  produce?: Record<string, unknown>;
  fail?: string;
  delayMs?: number;
  /** The calls the test reports making (what cleanup reads to find the records it made). */
  calls?: RecordedCall[];
}

/** Executes FakeScript code without Python, recording what it was given. */
export class FakeExecutor implements TestExecutor {
  readonly seen: ExecuteInput[] = [];
  async execute(input: ExecuteInput): Promise<ExecuteResult> {
    this.seen.push(input);
    const script = JSON.parse(input.code ?? '{}') as FakeScript;
    const startedAt = nowIso();
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, script.delayMs ?? 5);
      input.signal.addEventListener('abort', () => {
        clearTimeout(t);
        resolve();
      });
    });
    const failed = !!script.fail;
    return {
      verdict: failed ? 'failed' : 'passed',
      failure: failed ? { kind: 'assertion', message: script.fail! } : undefined,
      produced: failed ? {} : (script.produce ?? {}),
      calls: script.calls ?? [],
      assertions: [{ ok: !failed, source: 'x', message: script.fail ?? null, line: 1, at: startedAt }],
      stdout: `ran ${input.testName} with ${JSON.stringify(input.vars)}`,
      trace: null,
      steps: [{ kind: 'assertion', description: 'x', status: failed ? 'failed' : 'passed', durationMs: 1, startedAt }],
      startedAt,
      finishedAt: nowIso(),
    };
  }
  async close(): Promise<void> {}
}

export async function engineFixture(): Promise<{ store: Store; ctx: EngineContext; exec: FakeExecutor; userId: string; keyId: string; projectId: string; addTest(name: string, script: FakeScript, o?: { produces?: string[]; needs?: string[]; category?: string }): Promise<string> }> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-engine-'));
  const store = openStore({ dataDir: dir });
  await migrate(store);
  const now = nowIso();
  const userId = newId('usr');
  const keyId = newId('key');
  const projectId = newId('prj');
  await store.db.insertInto('users').values({ id: userId, name: 'u', email: null, created_at: now }).execute();
  await store.db
    .insertInto('projects')
    .values({ id: projectId, user_id: userId, name: 'p', type: 'backend', created_from: 'cli', url: 'http://127.0.0.1:9', username: null, password: null, instruction: null, credential: null, auto_auth: null, settings: '{}', created_at: now, updated_at: now })
    .execute();
  const exec = new FakeExecutor();
  const ctx: EngineContext = {
    store,
    executors: { backend: exec },
    loadAuth: async () => ({ credential: null, autoAuth: null, account: null }),
    checkTarget: async () => undefined,
    cleanupOptions: async () => ({}),
    testConcurrency: 4,
    targetGates: new KeyedGates(64),
    targetConnections: 32,
    testTimeoutMs: 10_000,
    artifactsRoot: dir,
    log: () => undefined,
  };
  return {
    store,
    ctx,
    exec,
    userId,
    keyId,
    projectId,
    async addTest(name, script, o = {}) {
      const id = newId('tst');
      await store.db
        .insertInto('tests')
        .values({ id, project_id: projectId, user_id: userId, name, type: 'backend', created_from: 'cli', status: 'ready', description: null, priority: null, plan_steps: null, code: JSON.stringify(script), code_version: 1, produces: JSON.stringify(o.produces ?? []), consumes: JSON.stringify(o.needs ?? []), category: o.category ?? null, resolved_script: null, last_run_id: null, created_at: now, updated_at: now })
        .execute();
      return id;
    },
  };
}
