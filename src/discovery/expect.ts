import type { ApiEndpoint, CaseKind } from '../contract/discovery.js';

/**
 * Expected statuses: what the docs declare for the situation, else HTTP semantics. An empty list
 * means "any status below 500" (a server error is never a pass).
 */
export function declared(ep: ApiEndpoint): number[] {
  return ep.responses.map((r) => r.status).filter((s): s is number => typeof s === 'number');
}

function ok(ep: ApiEndpoint, fallback: number[]): number[] {
  const d = declared(ep).filter((s) => s >= 200 && s < 300);
  return d.length ? d : fallback;
}

function among(ep: ApiEndpoint, candidates: number[], fallback = candidates): number[] {
  const d = declared(ep).filter((s) => candidates.includes(s));
  return d.length ? d : fallback;
}

export function expectedStatus(ep: ApiEndpoint, kind: CaseKind): number[] {
  switch (kind) {
    case 'create':
      return ok(ep, [201, 200]);
    case 'read':
    case 'list':
    case 'call':
      return ok(ep, [200]);
    case 'update':
      return ok(ep, [200, 204]);
    case 'delete':
      return ok(ep, [200, 202, 204]);
    case 'boundary-at-max':
      return ok(ep, ep.method === 'POST' ? [201, 200] : [200, 204]);
    case 'auth-missing':
    case 'auth-bad':
    case 'auth-wrong-scheme':
      return among(ep, [401, 403]);
    // Where no validation error is documented, a server may convert a wrong-typed value; what it
    // then serves is checked instead (codegen reads the record back).
    case 'wrong-types':
      return among(ep, [400, 422], []);
    case 'missing-required':
    case 'boundary-min':
    case 'boundary-max':
    case 'custom-body':
      return among(ep, [400, 422]);
    // Malformed input is a 400 and an unsupported body a 415 by HTTP semantics, whatever the docs list.
    case 'malformed-json':
      return [...new Set([400, ...among(ep, [400, 422], [])])].sort((a, b) => a - b);
    case 'wrong-content-type':
      return [...new Set([400, 415, ...among(ep, [422], [])])].sort((a, b) => a - b);
    // A create under a parent that does not exist must be refused; 404 is the usual answer.
    case 'unknown-id':
      if (ep.method === 'POST' && !/\}$/.test(ep.path)) {
        const d = among(ep, [400, 404, 409, 422], []);
        return d.length ? [...new Set([404, ...d])].sort((a, b) => a - b) : [];
      }
      return among(ep, [404], ep.method === 'DELETE' ? [404, 410, 204] : [404]);
    // Where the document lists no client error, a malformed id may be answered any way but 5xx.
    case 'error-leak':
      return among(ep, [400, 404, 422], []);
    // An array, a scalar or null where the document wants an object is invalid input: a 400 by
    // HTTP semantics or the documented validation status; any refusal where the document is silent.
    case 'invalid-body': {
      const d = among(ep, [400, 422], []);
      return d.length ? [...new Set([400, ...d])].sort((a, b) => a - b) : [];
    }
    case 'foreign-parent':
      return among(ep, [403, 404], [403, 404]);
    case 'duplicate':
      return among(ep, [409], [409, 400, 422]);
    case 'query-json':
      return among(ep, [400, 422], []);
    case 'query-bounds':
      return declared(ep).some((s) => s === 400 || s === 422) ? among(ep, [400, 422]) : [];
    case 'empty-array':
    case 'large-payload':
    case 'injection':
    case 'mass-assignment':
      return [];
  }
}

/** Checks every case of a kind carries besides the status; codegen turns each token into asserts. */
export function defaultChecks(ep: ApiEndpoint, kind: CaseKind): string[] {
  const checks = ['no-5xx'];
  const negative = !['create', 'read', 'list', 'call', 'update', 'delete', 'boundary-at-max'].includes(kind);
  if (negative) checks.push('no-leak');
  const okSchema = ep.responses.find((r) => typeof r.status === 'number' && r.status >= 200 && r.status < 300 && r.schema);
  if (['create', 'read', 'list', 'update', 'call'].includes(kind) && okSchema) checks.push('schema');
  if (kind === 'create' && ep.idField) checks.push(`id-present:${ep.idField}`);
  if (kind === 'read') checks.push('id-matches');
  if (kind === 'delete') checks.push('gone-after-delete');
  if (kind === 'mass-assignment') checks.push('readonly-ignored');
  if (kind === 'injection') checks.push('no-html-echo');
  if (kind.startsWith('auth-')) checks.push('auth');
  if (kind === 'create' || kind === 'update') checks.push('read-after-write');
  if (kind === 'delete') checks.push('others-untouched');
  if (kind === 'query-json' && among(ep, [400, 422], []).length) checks.push('refused', 'no-leak');
  if (kind === 'invalid-body' || kind === 'duplicate' || (kind === 'unknown-id' && ep.method === 'POST')) checks.push('refused');
  return checks;
}
