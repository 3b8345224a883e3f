import type { Selectable } from 'kysely';
import { parseJson } from '../store/db.js';
import type { TestsTable } from '../store/schema-projects.js';
import type { Db } from '../store/schema.js';
import { endLiveCalls, endRun, insertCalls, insertSteps, liveCalls, startRun, updateRun, type RunRow } from '../store/repos/runs.js';
import { nowIso } from '../util/ids.js';
import { AuthFetchError, fetchAutoAuth, staticAuth } from './auth.js';
import type { EngineContext } from './context.js';
import { finishBatch } from './batch-finish.js';
import { targetKey } from './limits.js';
import { runArtifacts } from './run-artifacts.js';
import { materialiseProjectFiles, type FilesDir } from './project-files.js';
import { assemble, type PlanTest } from './plan.js';
import type { ExecuteResult, InjectedAuth } from './types.js';

type TestRow = Selectable<TestsTable>;

interface Slot {
  run: RunRow;
  test: TestRow;
  plan: PlanTest;
}

interface VarValue {
  value: unknown;
  runId: string;
  testId: string;
}

const INTERRUPTED = 'interrupted: svc-server stopped while this test was running; it was not repeated, to avoid doubling its side effects';

/**
 * Executes one batch to the end: dependency-driven scheduling (a test starts as soon as the values
 * it needs exist, independent tests in parallel, teardowns last), blocked propagation, then
 * cleanup and the final statuses. Safe to call again after a crash: finished runs are kept, runs
 * that were in flight are finished with a reason, the rest continue.
 */
export async function executeBatch(ctx: EngineContext, batchId: string, abort: AbortSignal): Promise<void> {
  const db = ctx.store.db;
  const batch = await db.selectFrom('batches').selectAll().where('id', '=', batchId).executeTakeFirst();
  if (!batch || batch.phase === 'done') return;
  const options = parseJson<{ targetUrl?: string; skipDependencies?: boolean }>(batch.options, {});
  await db.updateTable('batches').set({ status: 'running', phase: batch.phase === 'cleanup' ? 'cleanup' : 'tests', started_at: batch.started_at ?? nowIso() }).where('id', '=', batchId).execute();

  const runs = await db.selectFrom('runs').selectAll().where('batch_id', '=', batchId).execute();
  const tests = runs.length ? await db.selectFrom('tests').selectAll().where('id', 'in', runs.map((r) => r.test_id)).execute() : [];
  const testById = new Map(tests.map((t) => [t.id, t]));
  const slots: Slot[] = runs
    .filter((r) => testById.has(r.test_id))
    .map((r) => {
      const t = testById.get(r.test_id)!;
      return { run: r, test: t, plan: { id: t.id, name: t.name, type: t.type, produces: parseJson(t.produces, []), needs: parseJson(t.consumes, []), category: t.category } };
    });
  const plan = assemble(slots.map((s) => s.plan));
  const slotByTest = new Map(slots.map((s) => [s.test.id, s]));
  // The batch's consumers of each value (the Dynamic Variables view), written with the value itself.
  const consumersOf = new Map<string, string[]>();
  for (const s of slots) {
    for (const need of new Set(s.plan.needs)) {
      const list = consumersOf.get(need);
      if (list) list.push(s.plan.id);
      else consumersOf.set(need, [s.plan.id]);
    }
  }
  const project = await db.selectFrom('projects').select(['id', 'url']).where('id', '=', batch.project_id).executeTakeFirst();

  // Resume: runs that were in flight when a previous process died are finished with a reason.
  const interrupted = slots.filter((s) => s.run.status === 'running' && !s.run.verdict);
  const secrets = interrupted.length ? await knownSecrets(ctx, batch.project_id) : [];
  for (const s of interrupted) {
    // What it created before the stop is recorded, so the cleanup sweep below removes it.
    // From its job directory when it ran here, else the calls it had settled (in the database).
    const calls = (await ctx.executors[s.test.type]?.recover?.(s.run.id, secrets).catch(() => [])) ?? [];
    await endLiveCalls(db, s.run.id, calls.length === 0);
    if (calls.length) await insertCalls(db, batchId, s.run.id, 'test', calls);
    // Recordings this process staged before it stopped go to the store now.
    await runArtifacts(ctx, s.run.id).publish();
    await finishRun(s, 'failed', { failure: { kind: 'interrupted', message: INTERRUPTED }, reason: INTERRUPTED });
  }

  const vars = new Map<string, VarValue>();
  for (const v of await db.selectFrom('variables').selectAll().where('batch_id', '=', batchId).execute()) {
    vars.set(v.name, { value: parseJson(v.value, null), runId: v.producer_run_id, testId: v.producer_test_id });
  }
  if (options.skipDependencies) await loadRetainedVars(ctx, batch.project_id, batchId, vars);

  let auth: InjectedAuth | undefined;
  let authError: string | undefined;
  if (batch.phase !== 'cleanup') {
    try {
      auth = await resolveAuth(ctx, batchId, batch.project_id);
    } catch (err) {
      authError = err instanceof Error ? err.message : String(err);
    }
  }
  auth ??= staticAuth(null);

  // The target policy in force when the batch runs decides (not the one under which a URL was
  // stored): each target URL is checked once per batch, not once per test.
  const refusals = new Map<string, Promise<string | null>>();
  const targetRefusal = (url: string): Promise<string | null> => {
    let r = refusals.get(url);
    if (!r) refusals.set(url, (r = ctx.checkTarget(url).then(() => null, (e: Error) => e.message)));
    return r;
  };

  const controllers = new Map<string, AbortController>();
  const watcher = setInterval(() => void watchCancels(), 400);
  const running = new Map<string, Promise<void>>();
  try {
    if (batch.phase !== 'cleanup') {
      for (;;) {
        if (abort.aborted) return;
        const pending = slots.filter((s) => !s.run.verdict && !running.has(s.run.id));
        if (!pending.length && !running.size) break;
        // Waiting is decided in memory first; the store is asked once a round which of the tests that
        // could move now were cancelled (a query per test would be quadratic in the suite's size).
        const ready = pending.filter((s) => (plan.deps[s.test.id] ?? []).every((d) => slotByTest.get(d)?.run.verdict));
        let cancelled = new Set<string>();
        for (let i = 0, asked = 0; i < ready.length && running.size < ctx.testConcurrency; i++) {
          if (i >= asked) {
            const ids = ready.slice(i, i + Math.max(32, ctx.testConcurrency - running.size)).map((s) => s.run.id);
            cancelled = await cancelledAmong(ids);
            asked = i + ids.length;
          }
          const s = ready[i]!;
          if (await decide(s, cancelled.has(s.run.id))) running.set(s.run.id, start(s).finally(() => running.delete(s.run.id)));
        }
        if (running.size) await Promise.race(running.values());
        else if (slots.some((s) => !s.run.verdict && !running.has(s.run.id))) {
          // Nothing runnable and nothing running: only happens when waiting on a cancelled run's state.
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    }
  } finally {
    clearInterval(watcher);
    for (const c of controllers.values()) c.abort();
    // Nothing of this batch writes after it returned or failed: stopped tests settle first.
    await Promise.allSettled(running.values());
  }
  if (abort.aborted) return;
  await finishBatch(ctx, batchId, { auth, slots: slots.map((s) => ({ run: s.run, plan: s.plan })), plan, skipDependencies: !!options.skipDependencies, vars });

  async function watchCancels(): Promise<void> {
    if (!controllers.size) return;
    const ids = [...controllers.keys()];
    const rows = await db.selectFrom('runs').select(['id', 'status']).where('id', 'in', ids).where('status', '=', 'cancelled').execute().catch(() => []);
    for (const r of rows) controllers.get(r.id)?.abort();
  }

  async function cancelledAmong(ids: string[]): Promise<Set<string>> {
    const rows = await db.selectFrom('runs').select(['id']).where('id', 'in', ids).where('status', '=', 'cancelled').execute();
    return new Set(rows.map((r) => r.id));
  }

  /** true: start it now; false: finished without running (blocked, cancelled, failed early). */
  async function decide(s: Slot, wasCancelled: boolean): Promise<boolean> {
    if (wasCancelled) {
      s.run.verdict = 'cancelled';
      s.run.status = 'cancelled';
      return false;
    }
    if (authError) {
      await finishRun(s, 'failed', { failure: { kind: 'auth-fetch', message: authError }, reason: `auto-auth failed: ${authError}` });
      return false;
    }
    for (const need of s.plan.needs) {
      if (vars.has(need)) continue;
      const producer = plan.producerOf[need] ? slotByTest.get(plan.producerOf[need]!) : undefined;
      if (producer && producer.run.verdict !== 'passed') {
        const reason = `Variable not found: ${need} — upstream test "${producer.test.name}" ${producer.run.verdict === 'blocked' ? 'was blocked' : producer.run.verdict}`;
        await finishRun(s, 'blocked', { failure: { kind: 'blocked', message: reason }, reason, blockedBy: [{ testId: producer.test.id, testName: producer.test.name, variables: [need] }] });
        return false;
      }
      const reason = producer
        ? `Variable not found: ${need} — upstream test "${producer.test.name}" passed but did not produce it`
        : options.skipDependencies
          ? `Variable not found: ${need} — no value kept from a previous run (cleanup deleted it or it was never produced); rerun without --skip-dependencies`
          : `Variable not found: ${need} — no test in this run produces it (names are case-sensitive; check --produces/--needs)`;
      await finishRun(s, 'blocked', { failure: { kind: 'variable-missing', message: reason }, reason, missing: [need] });
      return false;
    }
    return true;
  }

  async function start(s: Slot): Promise<void> {
    // A test waits here, still queued, while its target has as many tests in flight as the
    // operator allows (--target-connections, engine-wide).
    const release = await ctx.targetGates.acquire(targetKey(s.run.target_url ?? project?.url ?? ''), abort);
    if (!release) return;
    try {
      await run(s);
    } finally {
      release();
    }
  }

  async function run(s: Slot): Promise<void> {
    const executor = ctx.executors[s.test.type];
    const startedAt = nowIso();
    if (!(await startRun(db, s.run.id, s.test.id, startedAt))) {
      // Cancelled while it waited for its turn: the cancel wrote its verdict and its test's status.
      s.run.verdict = 'cancelled';
      s.run.status = 'cancelled';
      return;
    }
    s.run.status = 'running';
    if (!executor) {
      const why = s.test.type === 'frontend' ? 'no browser is available on this server (install chromium or set SVC_BROWSER_WS_ENDPOINT)' : 'no Python runner is available';
      await finishRun(s, 'failed', { failure: { kind: 'environment', message: why }, reason: why });
      return;
    }
    // One signal for the test: its own cancel, or the batch's abort passed on (AbortSignal.any
    // would build a dependent signal per test that the batch's signal keeps until collected).
    const controller = new AbortController();
    const passOn = () => controller.abort(abort.reason);
    if (abort.aborted) passOn();
    else abort.addEventListener('abort', passOn, { once: true });
    controllers.set(s.run.id, controller);
    const needVars = Object.fromEntries(s.plan.needs.filter((n) => vars.has(n)).map((n) => [n, vars.get(n)!.value]));
    const targetUrl = s.run.target_url ?? project?.url ?? '';
    const refusal = targetUrl ? await targetRefusal(targetUrl) : null;
    if (refusal) {
      controllers.delete(s.run.id);
      abort.removeEventListener('abort', passOn);
      await finishRun(s, 'failed', { failure: { kind: 'environment', message: refusal }, reason: refusal });
      return;
    }
    let result: ExecuteResult;
    const artifacts = runArtifacts(ctx, s.run.id);
    const live = liveCalls(db, batchId, s.run.id);
    let files: FilesDir | undefined;
    try {
      const account = s.test.type === 'frontend' ? (await ctx.loadAuth(batch!.project_id)).account : null;
      // The project's files for file choosers, in a directory of this run's own, gone when it ends.
      if (s.test.type === 'frontend') files = await materialiseProjectFiles(ctx.store.artifacts, batch!.project_id);
      result = await executor.execute({
        runId: s.run.id,
        testId: s.test.id,
        testName: s.test.name,
        type: s.test.type,
        code: s.run.snapshot && s.test.type === 'backend' ? s.run.snapshot : s.test.code,
        planSteps: s.test.type === 'frontend' ? parseJson(s.run.snapshot ?? s.test.plan_steps, []) : null,
        resolvedScript: parseJson(s.test.resolved_script, null),
        replay: !!s.run.replay,
        // Auto-heal is on for replays, off for flaky series: a heal would hide the drift being measured.
        heal: !!s.run.replay && batch!.kind !== 'flaky',
        targetUrl,
        vars: needVars,
        auth: auth!,
        account,
        artifactsDir: artifacts.dir,
        filesDir: files?.dir,
        timeoutMs: ctx.testTimeoutMs,
        signal: controller.signal,
        onProgress: (progress) => artifacts.progress(progress, (l) => updateRun(db, s.run.id, { extra: JSON.stringify({ live: l }) })),
        onCalls: live.push,
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await live.settle();
      await endLiveCalls(db, s.run.id, true);
      await artifacts.publish();
      await finishRun(s, 'failed', { failure: { kind: 'crash', message }, reason: message });
      return;
    } finally {
      controllers.delete(s.run.id);
      abort.removeEventListener('abort', passOn);
      await files?.dispose();
      await live.settle();
    }
    // Stopping: the files and live calls stay and are taken up when the batch is resumed.
    if (abort.aborted) return;
    // In the store before the verdict: a finished run's files are readable from every process.
    await artifacts.publish();
    if (controller.signal.aborted) {
      await endLiveCalls(db, s.run.id, false);
      await insertCalls(db, batchId, s.run.id, 'test', result.calls);
      s.run.verdict = 'cancelled';
      s.run.status = 'cancelled';
      await updateRun(db, s.run.id, { verdict: 'cancelled', finished_at: nowIso(), api_output: result.stdout, reason: 'cancelled by user' });
      return;
    }
    // Values are handed on before the verdict is known to the scheduler, so no dependent starts without them.
    const chosen = Object.entries(result.produced).filter(([name]) => plan.producerOf[name] === s.test.id || plan.producerOf[name] === undefined);
    for (const [name, value] of chosen) vars.set(name, { value, runId: s.run.id, testId: s.test.id });
    // What the test did and its verdict are written in one transaction: one commit per test.
    await db.transaction().execute(async (trx) => {
      await endLiveCalls(trx, s.run.id, false);
      await insertCalls(trx, batchId, s.run.id, 'test', result.calls);
      await insertSteps(trx, s.run.id, result.steps);
      if (result.script) await trx.updateTable('tests').set({ resolved_script: JSON.stringify(result.script) }).where('id', '=', s.test.id).execute();
      if (chosen.length) {
        await trx
          .insertInto('variables')
          .values(chosen.map(([name, value]) => ({ batch_id: batchId, project_id: batch!.project_id, name, value: JSON.stringify(value), producer_test_id: s.test.id, producer_run_id: s.run.id, consumers: JSON.stringify(consumersOf.get(name) ?? []), handle: null, deleted_by: null, created_at: nowIso() })))
          .onConflict((oc) => oc.columns(['batch_id', 'name']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), producer_run_id: eb.ref('excluded.producer_run_id') })))
          .execute();
      }
      await finishRun(
        s,
        result.verdict,
        { failure: result.failure ?? null, produced: result.produced, consumed: needVars, stdout: result.stdout, trace: result.trace, assertions: result.assertions, extra: result.extra, startedAt, finishedAt: result.finishedAt },
        trx,
      );
    });
  }

  async function finishRun(
    s: Slot,
    verdict: 'passed' | 'failed' | 'blocked',
    d: {
      failure?: ExecuteResult['failure'] | null;
      reason?: string;
      produced?: Record<string, unknown>;
      consumed?: Record<string, unknown>;
      stdout?: string;
      trace?: string | null;
      assertions?: unknown[];
      extra?: Record<string, unknown>;
      blockedBy?: unknown[];
      missing?: string[];
      startedAt?: string;
      finishedAt?: string;
    },
    on: Db = db,
  ): Promise<void> {
    const extra = { ...(d.extra ?? {}), ...(d.blockedBy ? { blockedBy: d.blockedBy } : {}), ...(d.missing ? { missingVariables: d.missing } : {}) };
    await endRun(
      on,
      s.run.id,
      {
        verdict,
        reason: d.reason ?? (d.failure ? d.failure.message : null),
        failure: d.failure ? JSON.stringify(d.failure) : null,
        produced: d.produced ? JSON.stringify(d.produced) : null,
        consumed: d.consumed ? JSON.stringify(d.consumed) : null,
        api_output: d.stdout ?? null,
        trace: d.trace ?? null,
        assertions: d.assertions ? JSON.stringify(d.assertions) : null,
        extra: Object.keys(extra).length ? JSON.stringify(extra) : null,
        finished_at: d.finishedAt ?? nowIso(),
      },
      d.startedAt,
    );
    s.run.verdict = verdict;
  }
}

/** The project's literal secrets, for masking what a run recorded (no token is fetched). */
async function knownSecrets(ctx: EngineContext, projectId: string): Promise<string[]> {
  const pa = await ctx.loadAuth(projectId).catch(() => null);
  const a = pa?.autoAuth;
  return [...staticAuth(pa?.credential ?? null).secrets, a?.password, a?.clientSecret, a?.refreshToken].filter((x): x is string => !!x);
}

async function resolveAuth(ctx: EngineContext, batchId: string, projectId: string): Promise<InjectedAuth> {
  const pa = await ctx.loadAuth(projectId);
  if (pa.autoAuth?.enabled) {
    try {
      const { auth, call } = await fetchAutoAuth(pa.autoAuth, { checkUrl: (u) => ctx.checkTarget(u), fetch: ctx.targetFetch });
      await insertCalls(ctx.store.db, batchId, null, 'auth', [maskCall(call, auth.secrets)]);
      return auth;
    } catch (err) {
      if (err instanceof AuthFetchError && err.call) {
        const secrets = [pa.autoAuth.password, pa.autoAuth.clientSecret, pa.autoAuth.refreshToken].filter((x): x is string => !!x);
        await insertCalls(ctx.store.db, batchId, null, 'auth', [maskCall(err.call, secrets)]);
      }
      throw err;
    }
  }
  return staticAuth(pa.credential);
}

/** Masks secrets in a call the engine itself made (token fetch). */
export function maskCall<T extends { requestHeaders: Record<string, string>; requestBody: string | null; responseBody: string | null }>(call: T, secrets: string[]): T {
  const mask = (s: string | null) => {
    if (s === null) return s;
    let out = s;
    for (const sec of secrets) if (sec && sec.length >= 4) out = out.split(sec).join(sec.length >= 12 ? `****${sec.slice(-4)}` : '****');
    return out;
  };
  const headers = Object.fromEntries(Object.entries(call.requestHeaders).map(([k, v]) => [k, /^(authorization|cookie|x-api-key|proxy-authorization)$/i.test(k) ? '****' : (mask(v) ?? v)]));
  return { ...call, requestHeaders: headers, requestBody: mask(call.requestBody), responseBody: mask(call.responseBody) };
}

/** For skip-dependencies reruns: the latest kept value of each variable not deleted by cleanup. */
async function loadRetainedVars(ctx: EngineContext, projectId: string, batchId: string, vars: Map<string, VarValue>): Promise<void> {
  const rows = await ctx.store.db
    .selectFrom('variables')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('batch_id', '!=', batchId)
    .where('deleted_by', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
  for (const v of rows) if (!vars.has(v.name)) vars.set(v.name, { value: parseJson(v.value, null), runId: v.producer_run_id, testId: v.producer_test_id });
}
