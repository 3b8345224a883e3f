import type { ApiEndpoint, AuthKind, ProbeResult } from '../contract/discovery.js';
import { inferSchema } from './schema.js';

export interface ProbeOptions {
  fetch?: typeof fetch;
  /** Per request. */
  timeoutMs?: number;
  /** For the whole probe; endpoints not reached in time are reported as skipped. */
  deadlineMs?: number;
  maxRequests?: number;
}

/**
 * Confirms shapes and auth against the base URL with safe requests only: GET on endpoints without
 * path parameters and on those whose every path parameter has a documented example (once with and
 * once without the credential, to learn whether auth is needed), OPTIONS elsewhere. Never POST, PUT,
 * PATCH or DELETE; bounded in request count and time. The caller checks the base URL against the
 * private-target rules before calling.
 */
export async function probe(baseUrl: string, endpoints: ApiEndpoint[], auth: { headers: Record<string, string> }, opts: ProbeOptions = {}): Promise<ProbeResult[]> {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 5000;
  const deadline = Date.now() + (opts.deadlineMs ?? 30_000);
  let budget = opts.maxRequests ?? 60;
  const base = baseUrl.replace(/\/+$/, '');
  const send = async (method: 'GET' | 'HEAD' | 'OPTIONS', path: string, withAuth: boolean) => {
    budget--;
    const res = await doFetch(base + path, {
      method,
      headers: { Accept: 'application/json', ...(withAuth ? auth.headers : {}) },
      redirect: 'manual',
      signal: AbortSignal.timeout(Math.max(1, Math.min(timeoutMs, deadline - Date.now()))),
    });
    const contentType = res.headers.get('content-type');
    const text = method === 'GET' ? (await res.text()).slice(0, 256 * 1024) : '';
    return { status: res.status, contentType, text };
  };
  const out: ProbeResult[] = [];
  for (const ep of endpoints) {
    const examples = ep.method === 'GET' ? examplePathValues(ep) : undefined;
    const safe = ep.method === 'GET' && (!ep.pathParams.length || examples) ? 'GET' : 'OPTIONS';
    const skip = (note: string): ProbeResult => ({ endpointId: ep.id, method: null, reachable: false, status: null, requiresAuth: null, contentType: null, note });
    if (budget < (safe === 'GET' ? 2 : 1)) {
      out.push(skip('probe request budget used up'));
      continue;
    }
    if (Date.now() >= deadline) {
      out.push(skip('probe time budget used up'));
      continue;
    }
    const path = ep.path.replace(/\{([^}]+)\}/g, (_, name: string) => (examples ? encodeURIComponent(examples[name]!) : '0'));
    try {
      const first = await send(safe, path, true);
      const r: ProbeResult = { endpointId: ep.id, method: safe, reachable: true, status: first.status, requiresAuth: null, contentType: first.contentType };
      if (examples) r.pathValues = examples;
      if (first.status === 401 || first.status === 403) r.requiresAuth = true;
      if (safe === 'GET' && first.status < 300) {
        try {
          r.sampleShape = inferSchema(JSON.parse(first.text));
        } catch {
          /* not JSON: no shape */
        }
        if (Object.keys(auth.headers).length) {
          const anon = await send('GET', path, false);
          r.requiresAuth = anon.status === 401 || anon.status === 403;
        }
      }
      if (first.status >= 500) r.note = `the server answered ${first.status} to a safe ${safe}`;
      out.push(r);
    } catch (e) {
      out.push({ ...skip(`unreachable: ${(e as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (e as Error).message}`), method: safe });
    }
  }
  return out;
}

/** Every path parameter's documented example (a string or a number), or undefined when one lacks it. */
function examplePathValues(ep: ApiEndpoint): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const p of ep.pathParams) {
    const ex = p.schema?.example;
    if (!((typeof ex === 'string' && ex !== '') || typeof ex === 'number')) return undefined;
    out[p.name] = String(ex);
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * Folds probe evidence into the endpoint list: an auth type the docs left unknown becomes what the
 * server showed, a GET without a documented 2xx schema gets the observed shape, and a GET that
 * answered a success at the document's example path keeps those values (`examplePath`).
 */
export function applyProbe(endpoints: ApiEndpoint[], results: ProbeResult[], credentialAuth: AuthKind): ApiEndpoint[] {
  const byId = new Map(results.map((r) => [r.endpointId, r]));
  return endpoints.map((ep) => {
    const r = byId.get(ep.id);
    if (!r?.reachable) return ep;
    const next = { ...ep };
    if (ep.auth === 'unknown' && r.requiresAuth !== null) next.auth = r.requiresAuth ? credentialAuth : 'none';
    if (r.pathValues && r.status && r.status >= 200 && r.status < 300) next.examplePath = r.pathValues;
    if (r.sampleShape && r.status && r.status < 300 && !ep.responses.some((x) => x.status === r.status && x.schema)) {
      next.responses = [...ep.responses.filter((x) => x.status !== r.status), { status: r.status, schema: r.sampleShape }];
    }
    return next;
  });
}
