import { describe, expect, it } from 'vitest';
import { EXIT, SvcError, exitForStatus } from '../../src/contract/errors.js';
import { ErrorEnvelope } from '../../src/contract/error-envelope.js';
import { ENDPOINTS } from '../../src/contract/api.js';
import { buildOpenApi } from '../../src/contract/openapi.js';
import { fillPath } from '../../src/contract/endpoint.js';
import { OPS } from '../../src/ops/registry.js';
import { decodeToken, encodeToken, IdempotencyKey } from '../../src/contract/common.js';

describe('error contract', () => {
  it.each([
    ['VALIDATION_ERROR', 400, EXIT.VALIDATION],
    ['UNAUTHENTICATED', 401, EXIT.AUTH],
    ['FORBIDDEN', 403, EXIT.AUTH],
    ['NOT_FOUND', 404, EXIT.NOT_FOUND],
    ['CONFLICT', 409, EXIT.CONFLICT],
    ['PRECONDITION_FAILED', 412, EXIT.CONFLICT],
    ['RATE_LIMITED', 429, EXIT.RATE_LIMITED],
    ['INSUFFICIENT_CREDITS', 402, EXIT.INSUFFICIENT_CREDITS],
    ['FEATURE_GATED', 403, EXIT.FEATURE_GATED],
    ['TRANSPORT', 0, EXIT.TRANSPORT],
    ['TIMEOUT', 504, EXIT.TIMEOUT],
  ] as const)('%s maps to HTTP %i and exit %i', (code, status, exit) => {
    const e = new SvcError(code, 'x');
    expect(e.status).toBe(status);
    expect(e.exitCode).toBe(exit);
    expect(ErrorEnvelope.parse(e.toEnvelope()).error.nextAction).toBeTruthy();
  });

  it('maps unknown codes by HTTP status', () => {
    expect(exitForStatus(422)).toBe(EXIT.VALIDATION);
    expect(exitForStatus(410)).toBe(EXIT.NOT_FOUND);
    expect(exitForStatus(503)).toBe(EXIT.TRANSPORT);
    expect(SvcError.fromEnvelope({ error: { code: 'SOMETHING_NEW', message: 'm', nextAction: 'n', requestId: 'r' } }, 409).exitCode).toBe(EXIT.CONFLICT);
  });
});

describe('endpoints and OpenAPI', () => {
  it('has unique ids and method+path pairs', () => {
    const ids = ENDPOINTS.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('generates a document with every endpoint and resolvable refs', () => {
    const doc = buildOpenApi('1.2.3') as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };
    for (const e of ENDPOINTS) expect(doc.paths[e.path]?.[e.method.toLowerCase()], e.id).toBeTruthy();
    const refs = JSON.stringify(doc).match(/#\/components\/schemas\/[\w.-]+/g) ?? [];
    for (const r of refs) expect(doc.components.schemas[r.split('/').pop()!], r).toBeTruthy();
  });

  it('fills path templates with encoded values', () => {
    expect(fillPath('/projects/{projectId}/tests', { projectId: 'a/b' })).toBe('/projects/a%2Fb/tests');
    expect(() => fillPath('/projects/{projectId}', {})).toThrow(/projectId/);
  });
});

describe('ops', () => {
  it('have unique names', () => {
    const names = OPS.map((o) => o.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(OPS.map((o) => [o.name, o] as const))('%s: the dry-run sample validates against the output schema', (_name, op) => {
    const input = op.input.parse(sampleInput(op.input));
    expect(() => op.output.parse(op.sample(input))).not.toThrow();
  });
});

/** The smallest input an op accepts: defaults plus placeholder strings for required fields. */
function sampleInput(schema: { shape: Record<string, any> }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, s] of Object.entries(schema.shape)) {
    if (s.safeParse(undefined).success) continue;
    const step = { type: 'action', description: 'sample' };
    const plan = { projectId: 'prj_sample', type: 'frontend', name: 'sample', planSteps: [step] };
    const firstOption = Array.isArray(s.options) ? [s.options[0]] : [];
    for (const candidate of ['sample', 'prj_sample', 1, true, ['sample'], 'backend', 'p1', [step], [plan], ...firstOption]) {
      if (s.safeParse(candidate).success) {
        out[k] = candidate;
        break;
      }
    }
  }
  return out;
}

describe('tokens and idempotency keys', () => {
  it('round-trips paging tokens and rejects garbage', () => {
    expect(decodeToken(encodeToken({ after: 'x', n: 2 }))).toEqual({ after: 'x', n: 2 });
    expect(decodeToken('%%%')).toBeNull();
  });
  it('accepts 1-256 printable ASCII characters', () => {
    expect(IdempotencyKey.safeParse('a').success).toBe(true);
    expect(IdempotencyKey.safeParse('a'.repeat(256)).success).toBe(true);
    expect(IdempotencyKey.safeParse('a'.repeat(257)).success).toBe(false);
    expect(IdempotencyKey.safeParse('').success).toBe(false);
    expect(IdempotencyKey.safeParse('é').success).toBe(false);
  });
});
