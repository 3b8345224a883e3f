import type { Draft } from './analysis.js';
import type { FailureEvidence, RecordedCall } from './evidence.js';
import { authHeader, declaredFor, endpointOf, excerpt, headerValue, idSegments, parseJson, statusLine, topKeys } from './facts.js';

/** The failing call answered with an error status the test did not expect. */
export interface StatusContext {
  e: FailureEvidence;
  call: RecordedCall;
  /** What the test wanted, e.g. '201' or 'a success status'. */
  expected?: string;
  /** The failed assertion or exception, quoted: "`r.status == 201` (line 12): assert 500 == 201". */
  cause?: string;
  /** True when the test itself expected an error status (a negative test). */
  negativeTest?: boolean;
  isAssertion: boolean;
}

export function basis(c: StatusContext): { text: string; evidence: string[] } {
  const { call } = c;
  const ep = endpointOf(call);
  const status = call.status === null ? 'no response' : statusLine(call.status);
  let text = `${ep} answered ${status}`;
  if (c.expected) text += ` where the test expected ${c.expected}`;
  if (c.cause) text += ` (${c.cause})`;
  text += '.';
  const body = excerpt(call.responseBody);
  if (body) text += ` Response body: ${body}.`;
  const evidence = [`${ep} → ${status} (call #${call.seq})`];
  if (c.cause) evidence.push(c.cause);
  if (body) evidence.push(`response body: ${body}`);
  return { text, evidence };
}

export function statusRule(c: StatusContext): Draft {
  const { call, e } = c;
  const status = call.status ?? 0;
  const ep = endpointOf(call);
  const b = basis(c);
  const draft = (failureKind: Draft['failureKind'], target: Draft['recommendedFixTarget'], confidence: Draft['confidence'], why: string, extra: string[] = []): Draft => ({
    failureKind, recommendedFixTarget: target, confidence, rootCauseHypothesis: `${b.text} ${why}`.trim(), evidence: [...b.evidence, ...extra], call,
  });
  const declared = declaredFor(e.declaredStatuses, call);
  const declaredNote = noteOf(declared);

  if (status >= 500) {
    const malformed = call.requestBody && /json/i.test(headerValue(call.requestHeaders, 'content-type') ?? '') && parseJson(call.requestBody) === undefined;
    const why = malformed || c.negativeTest
      ? 'The test sent deliberately or accidentally invalid input, but a server must answer bad input with a 4xx, never a 5xx: fix the handler in the app.'
      : 'The server failed while handling the request: fix the handler in the app (its logs at this time will show the exception).';
    return draft('server_error', 'app', 'high', why);
  }
  if (status === 401) {
    const h = authHeader(call.requestHeaders);
    return h
      ? draft('unauthorized', 'environment', 'high', `The request carried a ${h} header (${excerpt(call.requestHeaders[h], 40)}), so the credential itself was rejected: it is invalid or expired. Update the project's auth credential (Auto-Auth keeps backend tokens fresh on schedules).`, [`request header ${h}: present`])
      : draft('unauthorized', 'environment', 'high', "No credential header (Authorization, API key or cookie) was sent: configure the project's auth credential, or make the test send __AUTH_HEADERS__.", ['request header Authorization: absent']);
  }
  if (status === 403) {
    const h = authHeader(call.requestHeaders);
    if (declared && !declared.value.includes(403)) {
      return draft('forbidden', 'app', 'medium', `The docs do not list 403 for this operation (${declaredNote}): the app refuses a request its documentation allows.`, [declaredNote]);
    }
    return draft('forbidden', 'environment', 'medium', h
      ? `The ${h} credential was accepted but lacks permission for ${ep}: give the test account the needed role or scope.`
      : `No credential header was sent and ${ep} requires one with permission: configure the project's auth credential.`, [`request header ${h ?? 'Authorization'}: ${h ? 'present' : 'absent'}`]);
  }
  if (status === 404 || status === 410) return notFound(c, draft, declared);
  if (status === 409) {
    return draft('conflict', 'environment', 'medium', 'The request collides with existing data: most often a record left over from an earlier run (or a cleanup that did not finish), or a fixed unique value in the test body. Remove the leftover data or make the test use unique values.');
  }
  if (status === 400 || status === 422) return validation(c, draft, declared);
  if (status === 429) {
    const ra = headerValue(call.responseHeaders, 'retry-after');
    return draft(c.isAssertion ? 'assertion_failed' : 'unknown', 'environment', 'medium', `The target rate-limited the run${ra ? ` (Retry-After: ${ra})` : ''}: run fewer tests in parallel or raise the target's limit.`);
  }
  if (status === 405) {
    const allow = headerValue(call.responseHeaders, 'allow');
    return draft(c.isAssertion ? 'assertion_failed' : 'unknown', 'test', 'medium', `The endpoint does not accept ${call.method.toUpperCase()}${allow ? ` (Allow: ${allow})` : ''}: the test uses the wrong method or path.`);
  }
  return draft(c.isAssertion ? 'assertion_failed' : 'unknown', declared && declared.value.includes(status) ? 'test' : 'app', 'low', declared ? `(${declaredNote}.)` : '');
}

type Declared = { key: string; value: number[] } | null;

function noteOf(d: Declared): string {
  return d ? `docs declare ${d.key} → ${d.value.join(', ')}` : '';
}

type Make = (k: Draft['failureKind'], t: Draft['recommendedFixTarget'], conf: Draft['confidence'], why: string, extra?: string[]) => Draft;

function notFound(c: StatusContext, draft: Make, declared: Declared): Draft {
  const { call, e } = c;
  const declaredNote = noteOf(declared);
  const ids = idSegments(call.path);
  const vars = Object.entries(e.consumedVariables ?? {}).filter(([, v]) => (typeof v === 'string' || typeof v === 'number') && String(v) !== '' && call.path.split('?')[0]!.split('/').includes(String(v)));
  if (vars.length) {
    const [name, value] = vars[0]!;
    return draft('not_found', 'upstream-test', 'medium', `The id ${JSON.stringify(value)} in the path came from VARS['${name}'], produced upstream: the producer returned an id the app cannot find — the resource was deleted (for example by cleanup), never persisted, or the producer captured the wrong field.`, [`path id ${value} = VARS['${name}']`]);
  }
  const created = (e.calls ?? []).find((p) => p.seq < call.seq && (p.status ?? 0) >= 200 && (p.status ?? 0) < 300 && ids.some((id) => (p.responseBody ?? '').includes(id)));
  if (created) {
    const id = ids.find((x) => (created.responseBody ?? '').includes(x))!;
    return draft('not_found', 'app', 'high', `${endpointOf(created)} returned ${id} (call #${created.seq}, ${created.status}) but ${endpointOf(call)} cannot find it: the created resource is not persisted or not readable by its id.`, [`${endpointOf(created)} → ${created.status} returned ${id}`]);
  }
  if (ids.length) {
    return draft('not_found', 'test', 'medium', `The path addresses id '${ids[ids.length - 1]}', which no earlier call of this test created and no upstream variable supplied: the test uses a hard-coded or stale id; take it from a create call or a dynamic variable.`);
  }
  if (declaredNote) {
    return draft('not_found', 'app', 'medium', `The docs describe this operation (${declaredNote}) but the route is missing: the app does not implement it, or the base URL ${e.targetUrl ?? ''} lacks a path prefix.`, [declaredNote]);
  }
  return draft('not_found', 'environment', 'medium', `The route itself was not found: check that the base URL ${e.targetUrl ?? '(unset)'} includes any prefix (such as /api/v1) and that the app implements ${endpointOf(call)}.`);
}

function validation(c: StatusContext, draft: Make, declared: Declared): Draft {
  const { call, e } = c;
  const declaredNote = noteOf(declared);
  const sent = parseJson(call.requestBody);
  const sentKeys = new Set(topKeys(sent));
  const required = declaredFor(e.declaredRequiredFields, call);
  const reqNote = `request body: ${excerpt(call.requestBody, 160) || '(none)'}`;
  if (required) {
    const missing = required.value.filter((f) => !sentKeys.has(f));
    if (missing.length) {
      return draft('validation_error', 'test', 'high', `The request body lacks ${missing.map((f) => `'${f}'`).join(', ')}, which the docs require for ${required.key}: fix the test's payload.`, [reqNote, `docs require ${required.value.join(', ')}`]);
    }
    return draft('validation_error', 'app', 'medium', `The request body has every field the docs require (${required.value.join(', ')}), so by the docs it should be accepted: the app validates more strictly than documented.`, [reqNote]);
  }
  const named = namedFields(call.responseBody).filter((f) => !sentKeys.has(f));
  if (named.length) {
    return draft('validation_error', 'test', 'high', `The server names ${named.map((f) => `'${f}'`).join(', ')} as missing or invalid and the test's body does not contain it: fix the test's payload.`, [reqNote]);
  }
  if (declared && call.status !== null && !declared.value.includes(call.status)) {
    return draft('validation_error', 'app', 'medium', `The docs do not list ${call.status} for this operation (${declaredNote}): the app rejects input its documentation accepts.`, [reqNote, declaredNote]);
  }
  return draft('validation_error', 'test', 'medium', "The server rejected the request as invalid: compare the test's payload with the endpoint's documented schema.", [reqNote]);
}

/** Field names an error body calls missing or invalid (FastAPI 'loc', 'field'/'param' keys, prose). */
export function namedFields(body: string | null): string[] {
  const out = new Set<string>();
  const walk = (v: unknown, depth: number): void => {
    if (depth > 6 || !v || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.slice(0, 30).forEach((x) => walk(x, depth + 1));
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.loc)) {
      const last = [...o.loc].reverse().find((x) => typeof x === 'string' && !['body', 'query', 'path', 'header'].includes(x));
      if (typeof last === 'string') out.add(last);
    }
    for (const k of ['field', 'param', 'property', 'parameter']) if (typeof o[k] === 'string') out.add(o[k] as string);
    Object.values(o).forEach((x) => walk(x, depth + 1));
  };
  walk(parseJson(body), 0);
  for (const m of (body ?? '').matchAll(/['"`]?([A-Za-z_]\w*)['"`]? (?:is|are) (?:required|missing)|(?:missing|required)(?: field| property| parameter)?:? ['"`]([A-Za-z_]\w*)['"`]/gi)) {
    out.add((m[1] ?? m[2])!);
  }
  return [...out].filter((f) => !['field', 'value', 'body', 'this'].includes(f.toLowerCase()));
}
