import SwaggerParser from '@apidevtools/swagger-parser';
import type { ApiEndpoint, ApiParam, ApiRequestBody, ApiResponse, AuthKind, JsonSchema } from '../contract/discovery.js';
import { endpointId, isMethod, normalizePath, pathParamsOf } from './paths.js';
import { plainSchema } from './schema.js';

type Obj = Record<string, any>;
const PATH_ITEM_KEYS = new Set(['parameters', 'summary', 'description', 'servers', '$ref']);

/**
 * OpenAPI 3.x and Swagger 2.0 through swagger-parser: dereference (local references only — an
 * uploaded document must not make the server read files or URLs), validate for warnings, then read
 * each operation. A broken reference does not lose the document: it is resolved locally where
 * possible and named in the warnings.
 */
export async function readOpenApi(doc: Obj, format: 'openapi3' | 'swagger2'): Promise<{ title?: string; endpoints: ApiEndpoint[]; warnings: string[] }> {
  const warnings: string[] = [];
  const opts = { resolve: { external: false }, dereference: { circular: true } } as const;
  let api: Obj;
  try {
    api = (await SwaggerParser.dereference(structuredClone(doc) as never, opts as never)) as unknown as Obj;
  } catch (e) {
    warnings.push(`references: ${firstLine(e)}; unresolved references were left out`);
    api = localDeref(doc, doc, warnings, '#', 0) as Obj;
  }
  try {
    await SwaggerParser.validate(structuredClone(doc) as never, opts as never);
  } catch (e) {
    warnings.push(`validation: ${firstLine(e)}`);
  }
  const schemes = securitySchemes(api, format);
  const basePath = format === 'swagger2' ? api.basePath : serverPath(api);
  if (basePath && basePath !== '/') warnings.push(`paths are relative to ${basePath}: include it in the base URL`);
  const endpoints: ApiEndpoint[] = [];
  const paths = api.paths && typeof api.paths === 'object' ? (api.paths as Obj) : {};
  if (!Object.keys(paths).length) warnings.push('the document declares no paths');
  for (const [rawPath, item] of Object.entries(paths)) {
    if (!item || typeof item !== 'object') {
      warnings.push(`${rawPath}: path item is not an object; skipped`);
      continue;
    }
    const path = normalizePath(rawPath);
    for (const [m, op] of Object.entries(item as Obj)) {
      if (PATH_ITEM_KEYS.has(m) || m.startsWith('x-')) continue;
      const method = m.toUpperCase();
      if (!isMethod(method)) {
        warnings.push(`${rawPath}: method ${m} is not supported; skipped`);
        continue;
      }
      if (!op || typeof op !== 'object') {
        warnings.push(`${method} ${rawPath}: operation is not an object; skipped`);
        continue;
      }
      const params = [...((item as Obj).parameters ?? []), ...(op.parameters ?? [])].filter((p) => p && typeof p === 'object');
      const byIn = (where: string): ApiParam[] => {
        const seen = new Map<string, ApiParam>();
        for (const p of params.filter((x: Obj) => x.in === where)) seen.set(p.name, toParam(p));
        return [...seen.values()];
      };
      const requestBody = format === 'openapi3' ? bodyOf3(op) : bodyOf2(op, params, api);
      const responses = responsesOf(op, format, `${method} ${rawPath}`, warnings);
      const ep: ApiEndpoint = {
        id: endpointId(method, path),
        method,
        path,
        pathParams: pathParamsOf(path, byIn('path')),
        queryParams: byIn('query'),
        responses,
        auth: authOf(op.security ?? api.security, schemes, `${method} ${rawPath}`, warnings),
        family: '',
        source: 'docs',
      };
      if (typeof op.summary === 'string') ep.summary = op.summary.slice(0, 300);
      else if (typeof op.description === 'string') ep.summary = op.description.split('\n')[0]!.slice(0, 300);
      if (typeof op.operationId === 'string') ep.operationId = op.operationId;
      if (requestBody) ep.requestBody = requestBody;
      const headers = byIn('header').filter((h) => !/^(authorization|content-type|accept|x-api-key|cookie)$/i.test(h.name));
      if (headers.length) ep.headerParams = headers;
      endpoints.push(ep);
    }
  }
  return { title: typeof api.info?.title === 'string' ? api.info.title : undefined, endpoints, warnings };
}

function firstLine(e: unknown): string {
  return String((e as Error)?.message ?? e).split('\n').slice(0, 2).join(' ').slice(0, 300);
}

function serverPath(api: Obj): string | undefined {
  const url = api.servers?.[0]?.url;
  if (typeof url !== 'string') return undefined;
  const p = url.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/\/+$/, '');
  return p && !p.includes('{') ? p : undefined;
}

function localDeref(node: unknown, root: Obj, warnings: string[], at: string, depth: number): unknown {
  if (depth > 40 || !node || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((n, i) => localDeref(n, root, warnings, `${at}/${i}`, depth + 1));
  const o = node as Obj;
  if (typeof o.$ref === 'string') {
    const target = o.$ref.startsWith('#/')
      ? o.$ref.slice(2).split('/').reduce<any>((acc, k) => (acc == null ? undefined : acc[k.replace(/~1/g, '/').replace(/~0/g, '~')]), root)
      : undefined;
    if (target === undefined) {
      warnings.push(`${at}: $ref ${o.$ref} could not be resolved`);
      return {};
    }
    return localDeref(target, root, warnings, at, depth + 1);
  }
  const out: Obj = {};
  for (const [k, v] of Object.entries(o)) out[k] = localDeref(v, root, warnings, `${at}/${k}`, depth + 1);
  return out;
}

/** A parameter with its full schema, also when its value is serialised content (`content: {application/json: …}`). */
function toParam(p: Obj): ApiParam {
  const contentType = p.content && typeof p.content === 'object' ? preferredType(Object.keys(p.content)) : undefined;
  const raw = contentType ? (p.content as Obj)[contentType]?.schema : p.schema ?? pick(p, ['type', 'format', 'enum', 'minimum', 'maximum', 'minLength', 'maxLength', 'items', 'default', 'pattern']);
  const schema = plainSchema(raw);
  return {
    name: String(p.name),
    required: p.in === 'path' || p.required === true,
    ...(schema ? { schema } : {}),
    ...(p.description ? { description: String(p.description).slice(0, 300) } : {}),
    ...(contentType ? { contentType } : {}),
  };
}

function pick(o: Obj, keys: string[]): Obj {
  return Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));
}

function preferredType(types: string[]): string | undefined {
  return types.find((t) => t === 'application/json') ?? types.find((t) => /[+/]json\b/.test(t)) ?? types[0];
}

function requestBodyOf(contentType: string, schema: JsonSchema | undefined, example: unknown): ApiRequestBody {
  const body: ApiRequestBody = { contentType, required: Array.isArray(schema?.required) ? (schema.required as string[]) : [] };
  if (schema) body.schema = schema;
  const ex = example ?? schema?.example;
  if (ex !== undefined) body.example = ex;
  return body;
}

function bodyOf3(op: Obj): ApiRequestBody | undefined {
  const content = op.requestBody?.content as Obj | undefined;
  if (!content) return undefined;
  const type = preferredType(Object.keys(content));
  if (!type) return undefined;
  const media = content[type] ?? {};
  const firstExample = media.examples ? (Object.values(media.examples as Obj)[0] as Obj | undefined)?.value : undefined;
  return requestBodyOf(type, plainSchema(media.schema), media.example ?? firstExample);
}

function bodyOf2(op: Obj, params: Obj[], api: Obj): ApiRequestBody | undefined {
  const consumes: string[] = op.consumes ?? api.consumes ?? ['application/json'];
  const body = params.find((p) => p.in === 'body');
  if (body) return requestBodyOf(preferredType(consumes) ?? 'application/json', plainSchema(body.schema), body['x-example']);
  const form = params.filter((p) => p.in === 'formData');
  if (!form.length) return undefined;
  const properties = Object.fromEntries(form.map((p) => [p.name, toParam(p).schema ?? {}]));
  const required = form.filter((p) => p.required).map((p) => String(p.name));
  return requestBodyOf(consumes.find((c) => c.includes('form')) ?? 'application/x-www-form-urlencoded', { type: 'object', properties, required }, undefined);
}

function responsesOf(op: Obj, format: string, where: string, warnings: string[]): ApiResponse[] {
  const out: ApiResponse[] = [];
  for (const [code, res] of Object.entries((op.responses ?? {}) as Obj)) {
    const status = code === 'default' ? 'default' : /^\d{3}$/.test(code) ? Number(code) : null;
    if (status === null) {
      warnings.push(`${where}: response code ${code} is not a status code; skipped`);
      continue;
    }
    const raw = format === 'openapi3' ? (res?.content ? res.content[preferredType(Object.keys(res.content)) ?? '']?.schema : undefined) : res?.schema;
    const schema = plainSchema(raw);
    out.push(schema ? { status, schema } : { status });
  }
  return out;
}

function securitySchemes(api: Obj, format: string): Map<string, AuthKind> {
  const defs = (format === 'openapi3' ? api.components?.securitySchemes : api.securityDefinitions) ?? {};
  const out = new Map<string, AuthKind>();
  for (const [name, s] of Object.entries(defs as Obj)) {
    const type = String(s?.type ?? '').toLowerCase();
    const scheme = String(s?.scheme ?? '').toLowerCase();
    if (type === 'basic' || (type === 'http' && scheme === 'basic')) out.set(name, 'basic');
    else if (type === 'http' && scheme === 'bearer') out.set(name, 'bearer');
    // Swagger 2 has no bearer type: an "Authorization" header API key is how docs spell it.
    else if (type === 'apikey') out.set(name, String(s?.name ?? '').toLowerCase() === 'authorization' ? 'bearer' : 'apiKey');
    else if (type === 'oauth2' || type === 'openidconnect') out.set(name, 'bearer');
    else out.set(name, 'unknown');
  }
  return out;
}

function authOf(security: unknown, schemes: Map<string, AuthKind>, where: string, warnings: string[]): AuthKind {
  if (!Array.isArray(security) || !security.length) return 'none';
  // An empty requirement object among the alternatives makes auth optional.
  if (security.some((r) => r && typeof r === 'object' && !Object.keys(r).length)) return 'none';
  const name = Object.keys(security[0] ?? {})[0];
  if (!name) return 'none';
  const kind = schemes.get(name);
  if (!kind) {
    warnings.push(`${where}: security scheme ${name} is not defined`);
    return 'unknown';
  }
  return kind;
}
