import { z } from 'zod';
import { ENDPOINTS } from './api.js';
import { ErrorEnvelope } from './error-envelope.js';
import type { Endpoint } from './endpoint.js';

type Json = Record<string, unknown>;

/** JSON Schema of one zod type, with its $defs hoisted into components.schemas. */
function schemaOf(schema: z.ZodType, components: Json, io: 'input' | 'output'): Json {
  const js = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io }) as Json;
  delete js.$schema;
  const defs = (js.$defs ?? {}) as Json;
  delete js.$defs;
  for (const [k, v] of Object.entries(defs)) components[k] = rewriteRefs(v);
  const id = z.globalRegistry.get(schema)?.id;
  const body = rewriteRefs(js) as Json;
  if (id) {
    const ref = `#/components/schemas/${id}`;
    // zod emits a root with an id as a $ref into $defs; keep the hoisted definition then.
    if (body.$ref !== ref) components[id] = body;
    return { $ref: ref };
  }
  return body;
}

function rewriteRefs(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(rewriteRefs);
  if (v && typeof v === 'object') {
    const out: Json = {};
    for (const [k, x] of Object.entries(v)) {
      out[k] = k === '$ref' && typeof x === 'string' ? x.replace('#/$defs/', '#/components/schemas/') : rewriteRefs(x);
    }
    return out;
  }
  return v;
}

function parametersOf(e: Endpoint, components: Json): Json[] {
  const out: Json[] = [];
  for (const [where, schema] of [['path', e.params], ['query', e.query]] as const) {
    if (!schema) continue;
    const js = schemaOf(schema, components, 'input');
    const props = (js.properties ?? {}) as Json;
    const required = new Set((js.required as string[] | undefined) ?? []);
    for (const [name, s] of Object.entries(props)) {
      out.push({ name, in: where, required: where === 'path' || required.has(name), schema: s });
    }
  }
  if (e.idempotent) {
    out.push({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 1, maxLength: 256 } });
  }
  return out;
}

export function buildOpenApi(version: string, serverUrl = '/api/v1'): Json {
  const components: Json = {};
  const paths: Record<string, Json> = {};
  const errorRef = schemaOf(ErrorEnvelope, components, 'output');
  const errorResponse = { description: 'Error', content: { 'application/json': { schema: errorRef } } };
  for (const e of ENDPOINTS) {
    const op: Json = {
      operationId: e.id,
      summary: e.summary,
      tags: [e.tag],
      parameters: parametersOf(e, components),
      responses: {
        [String(e.status ?? 200)]: {
          description: 'Success',
          content: { 'application/json': { schema: schemaOf(e.response, components, 'output') } },
        },
        default: errorResponse,
      },
    };
    if (e.scope) op.security = [{ bearer: [e.scope] }];
    else op.security = [{ bearer: [] }];
    if (e.body) op.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(e.body, components, 'input') } } };
    (paths[e.path] ??= {})[e.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'svc API', version, description: 'Automated test service API. Errors use one envelope: { error: { code, message, nextAction, requestId } }.' },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: components,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'API key: Authorization: Bearer <key>' } },
    },
  };
}
