import { closeSync, fstatSync, openSync, read, readSync } from 'node:fs';
import { promisify } from 'node:util';
import { join } from 'node:path';
import type { JobExit } from './fork-server.js';
import { maskText, type MaskPlan } from './mask.js';
import type { AssertionRecord, BackendTestResult, FailureKind, MadeRecord, RecordedCall } from './runner.js';

/** Records one test may hand to the run's cleanup (svc_checks.track_at). */
const MAX_REPORTED_RECORDS = 1000;

/** Exit status the harness uses when even reporting ran out of memory. */
export const MEMORY_EXIT = 86;

export interface AssembleInput {
  dir: string;
  exit: JobExit;
  stop?: 'timeout' | 'cancelled';
  plan: MaskPlan;
  timeoutMs: number;
  memoryMb: number;
  outputCap: number;
  startedAt: Date;
  finishedAt: Date;
  durationMs: number;
}

type Event = Record<string, any>;

/**
 * Up to SYNC_READ_MAX bytes are read with blocking calls: a job's files are small and a promise-based
 * read takes four or five trips through libuv's thread pool (open, stat, read, close), each costing
 * more CPU than the read itself. Larger files are read without blocking the engine's thread.
 */
const SYNC_READ_MAX = 1024 * 1024;
const readAsync = promisify(read);

/** The file's text (the first `cap` bytes) and its size, or null when it does not exist. */
async function readText(path: string, cap = Infinity): Promise<{ text: string; size: number } | null> {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const size = fstatSync(fd).size;
    const want = Math.min(size, cap);
    const buf = Buffer.allocUnsafe(want);
    let got = 0;
    while (got < want) {
      const n = want <= SYNC_READ_MAX ? readSync(fd, buf, got, want - got, got) : (await readAsync(fd, buf, got, want - got, got)).bytesRead;
      if (!n) break;
      got += n;
    }
    return { text: buf.toString('utf8', 0, got), size };
  } finally {
    closeSync(fd);
  }
}

async function readEvents(path: string): Promise<Event[]> {
  const text = (await readText(path))?.text ?? '';
  const out: Event[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      out.push(JSON.parse(line));
    } catch {
      /* a line cut short by a kill */
    }
  }
  return out;
}

/**
 * The first `cap` bytes of an output file, with a note when there was more. `total` is what the
 * harness counted (undefined when it did not finish): 0 means nothing was written, not even by a
 * process the test started, so the file is not read.
 */
async function readOutput(path: string, cap: number, total: number | undefined): Promise<string> {
  if (total === 0) return '';
  const read = await readText(path, cap);
  if (!read) return '';
  let text = read.text;
  const all = Math.max(total ?? 0, read.size);
  if (all > cap || (total === undefined && read.size >= cap)) text += `\n[output truncated: first ${cap} bytes of ${all > cap ? all : 'more'}]`;
  return text;
}

function collect(events: Event[]) {
  const calls = new Map<number, RecordedCall>();
  const assertions: AssertionRecord[] = [];
  const produced: Record<string, unknown> = {};
  const fns: string[] = [];
  const records: MadeRecord[] = [];
  let end: Event | undefined;
  for (const ev of events) {
    const seq = ev.seq as number;
    const call = calls.get(seq);
    switch (ev.e) {
      case 'req':
        calls.set(seq, {
          seq, method: ev.method, url: ev.url, path: ev.path, requestHeaders: ev.requestHeaders ?? {}, requestBody: ev.requestBody ?? null,
          status: null, responseHeaders: {}, responseBody: null, latencyMs: 0, startedAt: ev.startedAt,
        });
        break;
      case 'resp':
        if (call) Object.assign(call, { status: ev.status, responseHeaders: ev.responseHeaders ?? {}, latencyMs: ev.latencyMs, error: undefined });
        break;
      case 'body':
        if (call) call.responseBody = ev.responseBody;
        break;
      case 'err':
        if (call && call.status === null) Object.assign(call, { error: ev.error, latencyMs: ev.latencyMs });
        break;
      case 'assert':
        assertions.push({ ok: ev.ok, source: ev.source, message: ev.message ?? null, line: ev.line, at: ev.at });
        break;
      case 'produce':
        produced[ev.name] = ev.value;
        break;
      case 'fn':
        if (!fns.includes(ev.name)) fns.push(ev.name);
        break;
      case 'record':
        if (typeof ev.url === 'string' && typeof ev.at === 'string' && records.length < MAX_REPORTED_RECORDS) records.push({ url: ev.url, method: String(ev.method ?? 'PUT'), via: String(ev.via ?? ev.url), at: ev.at });
        break;
      case 'end':
        end = ev;
        break;
    }
  }
  return { calls: [...calls.values()].sort((a, b) => a.seq - b.seq), assertions, produced, fns, records, end };
}

function unfinishedFailure(a: AssembleInput, pending: RecordedCall | undefined): NonNullable<BackendTestResult['failure']> {
  const waiting = pending ? `; it was waiting for ${pending.method} ${pending.url} (sent at ${pending.startedAt})` : '';
  if (a.stop === 'timeout') return { kind: 'timeout', message: `Timed out after ${a.timeoutMs / 1000}s and was stopped${waiting}` };
  if (a.stop === 'cancelled') return { kind: 'cancelled', message: `Cancelled before it finished${waiting}` };
  if (a.exit.code === MEMORY_EXIT) return { kind: 'memory', message: `MemoryError: the test went over its memory limit of ${a.memoryMb} MB` };
  if (a.exit.crash) return { kind: 'crash', message: a.exit.crash };
  const how = a.exit.signal ? `was killed by ${a.exit.signal}${a.exit.signal === 'SIGKILL' ? ' (possibly out of memory)' : ''}` : `exited with status ${a.exit.code}`;
  return { kind: 'crash', message: `The Python process ${how} before the test finished` };
}

/** The calls a test made so far, read from its job directory (after a crash of svc, say). */
export async function callsSoFar(dir: string, plan: MaskPlan): Promise<RecordedCall[]> {
  const { calls } = collect(await readEvents(join(dir, 'events.jsonl')));
  for (const c of calls) {
    if (c.status === null && !c.error) c.error = 'no response: svc-server stopped while the test was running';
    c.url = maskText(c.url, plan);
    c.requestBody = maskText(c.requestBody, plan);
    c.responseBody = maskText(c.responseBody, plan);
    if (c.error) c.error = maskText(c.error, plan);
  }
  return calls;
}

/**
 * The calls of a test that is still running, as they settle (answered, failed, or followed by the
 * next call): its events file is read on from where the last look stopped, every `everyMs`, and each
 * newly settled call is handed to `onCalls` once, masked. What lets another machine clean up after
 * a worker that died mid-test (its job directory died with it).
 */
export class LiveCalls {
  private offset = 0;
  private rest = '';
  private readonly events: Event[] = [];
  private sent = 0;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly dir: string,
    private readonly plan: MaskPlan,
    private readonly onCalls: (calls: RecordedCall[]) => void,
  ) {}

  start(everyMs: number): this {
    this.timer = setInterval(() => this.look(), everyMs);
    this.timer.unref();
    return this;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private look(): void {
    let fd: number;
    try {
      fd = openSync(join(this.dir, 'events.jsonl'), 'r');
    } catch {
      return; // not written yet
    }
    try {
      const size = fstatSync(fd).size;
      if (size <= this.offset) return;
      const buf = Buffer.allocUnsafe(size - this.offset);
      const n = readSync(fd, buf, 0, buf.length, this.offset);
      this.offset += n;
      const lines = (this.rest + buf.toString('utf8', 0, n)).split('\n');
      this.rest = lines.pop() ?? '';
      for (const line of lines) {
        try {
          if (line) this.events.push(JSON.parse(line));
        } catch {
          /* not a whole event */
        }
      }
    } catch {
      return;
    } finally {
      closeSync(fd);
    }
    const calls = [...collect(this.events).calls];
    const bodies = new Set(this.events.filter((e) => e.e === 'body').map((e) => e.seq));
    let settled = 0;
    while (settled < calls.length && (bodies.has(calls[settled]!.seq) || calls[settled]!.error || settled < calls.length - 1)) settled++;
    if (settled <= this.sent) return;
    const fresh = calls.slice(this.sent, settled).map((c) => ({
      ...c,
      url: maskText(c.url, this.plan),
      requestBody: maskText(c.requestBody, this.plan),
      responseBody: maskText(c.responseBody, this.plan),
      ...(c.error ? { error: maskText(c.error, this.plan) } : {}),
    }));
    this.sent = settled;
    this.onCalls(fresh);
  }
}

export async function assemble(a: AssembleInput): Promise<BackendTestResult> {
  const { calls, assertions, produced, fns, records, end } = collect(await readEvents(join(a.dir, 'events.jsonl')));
  const m = <T extends string | null | undefined>(s: T) => maskText(s, a.plan);
  const pending = calls.find((c) => c.status === null && !c.error);
  for (const c of calls) {
    if (c.status === null && !c.error) c.error = a.stop ? `no response: the test was stopped (${a.stop}) while waiting` : 'no response was recorded';
    c.url = m(c.url);
    c.requestBody = m(c.requestBody);
    c.responseBody = m(c.responseBody);
    if (c.error) c.error = m(c.error);
  }
  for (const x of assertions) {
    x.source = m(x.source);
    x.message = m(x.message);
  }
  let failure: BackendTestResult['failure'] = end?.failure ?? undefined;
  if (!end) failure = unfinishedFailure(a, pending);
  if (failure) failure = { ...failure, message: m(failure.message) ?? '' };
  return {
    verdict: end?.verdict === 'passed' ? 'passed' : 'failed',
    ...(failure ? { failure: failure as BackendTestResult['failure'] & { kind: FailureKind } } : {}),
    produced,
    calls,
    assertions,
    stdout: m(await readOutput(join(a.dir, 'stdout'), a.outputCap, end?.stdoutBytes)),
    stderr: m(await readOutput(join(a.dir, 'stderr'), a.outputCap, end?.stderrBytes)),
    trace: m((end?.trace as string | undefined) ?? null),
    testFunctions: fns,
    records: records.map((x) => ({ ...x, url: m(x.url), via: m(x.via) })),
    startedAt: a.startedAt.toISOString(),
    finishedAt: a.finishedAt.toISOString(),
    durationMs: a.durationMs,
  };
}
