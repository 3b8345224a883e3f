import { createRequire } from 'node:module';
import type { ApiEndpoint, ApiRequestBody, ApiResponse, AuthKind } from '../contract/discovery.js';
import { endpointId, isMethod, normalizePath, pathParamsOf } from './paths.js';
import { inferSchema } from './schema.js';

type Collection = InstanceType<typeof import('postman-collection').Collection>;
type Obj = Record<string, any>;

export function isPostman(doc: Obj): boolean {
  const schema = String(doc?.info?.schema ?? '');
  return schema.includes('getpostman.com') || (typeof doc?.info?._postman_id === 'string' && Array.isArray(doc.item));
}

/** A Postman v2.x collection through postman-collection; folders are flattened, auth is inherited. */
export function readPostman(doc: Obj): { title?: string; endpoints: ApiEndpoint[]; warnings: string[] } {
  const warnings: string[] = [];
  if (/v1\.0\.0|collection\/v1/.test(String(doc.info?.schema ?? ''))) warnings.push('Postman v1 collections are not supported; export as v2.1');
  let collection: Collection;
  try {
    // Loaded when a collection is read (about 90 ms at start-up for every server otherwise).
    const { Collection } = createRequire(import.meta.url)('postman-collection') as typeof import('postman-collection');
    collection = new Collection(doc);
  } catch (e) {
    warnings.push(`collection: ${(e as Error).message}`);
    return { endpoints: [], warnings };
  }
  const byId = new Map<string, ApiEndpoint>();
  collection.forEachItem((item: any) => {
    const name = String(item.name ?? '(unnamed)');
    const req = item.request;
    const method = String(req?.method ?? 'GET').toUpperCase();
    if (!isMethod(method)) {
      warnings.push(`"${name}": method ${method} is not supported; skipped`);
      return;
    }
    const segs: unknown[] = Array.isArray(req?.url?.path) ? req.url.path : [];
    if (!segs.length && !String(req?.url?.host ?? '')) {
      warnings.push(`"${name}": request has no URL; skipped`);
      return;
    }
    const path = normalizePath(`/${segs.map((s) => (typeof s === 'string' ? s : String((s as Obj)?.value ?? ''))).join('/')}`);
    const id = endpointId(method, path);
    const ep: ApiEndpoint = byId.get(id) ?? {
      id,
      method,
      path,
      summary: name.slice(0, 300),
      pathParams: pathParamsOf(path),
      queryParams: [],
      responses: [],
      auth: authOf(item.getAuth?.()?.type),
      family: '',
      source: 'docs',
    };
    for (const q of req.url?.query?.all?.() ?? []) {
      if (q.key && !ep.queryParams.some((p) => p.name === q.key)) ep.queryParams.push({ name: String(q.key), required: false });
    }
    for (const h of req.headers?.all?.() ?? []) {
      if (h.disabled || /^(authorization|content-type|accept|x-api-key|cookie)$/i.test(String(h.key)) || /\{\{/.test(String(h.value ?? ''))) continue;
      ep.headerParams = [...(ep.headerParams ?? []).filter((x) => x.name !== h.key), { name: String(h.key), required: true, schema: { type: 'string', example: String(h.value ?? '') } }];
    }
    const body = bodyOf(req, name, warnings);
    if (body && !ep.requestBody) ep.requestBody = body;
    for (const r of item.responses?.all?.() ?? []) {
      const status = Number(r.code);
      if (!Number.isInteger(status) || ep.responses.some((x) => x.status === status)) continue;
      const res: ApiResponse = { status };
      const parsed = parseJsonLoose(r.body);
      if (parsed !== undefined) res.schema = inferSchema(parsed);
      ep.responses.push(res);
    }
    byId.set(id, ep);
  });
  return { title: collection.name || undefined, endpoints: [...byId.values()], warnings };
}

function authOf(type: string | undefined): AuthKind {
  switch (type) {
    case undefined:
    case 'noauth':
      return 'none';
    case 'bearer':
    case 'oauth2':
    case 'jwt':
      return 'bearer';
    case 'apikey':
      return 'apiKey';
    case 'basic':
      return 'basic';
    default:
      return 'unknown';
  }
}

/** Raw bodies often hold Postman variables (`{{name}}`); they parse once replaced by placeholders. */
function parseJsonLoose(text: unknown): unknown {
  if (typeof text !== 'string' || !text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    try {
      return JSON.parse(text.replace(/"\{\{[^}]+\}\}"/g, '"x"').replace(/\{\{[^}]+\}\}/g, '0'));
    } catch {
      return undefined;
    }
  }
}

function bodyOf(req: any, name: string, warnings: string[]): ApiRequestBody | undefined {
  const body = req?.body;
  if (!body?.mode) return undefined;
  const header = req.headers?.all?.().find((h: Obj) => String(h.key).toLowerCase() === 'content-type')?.value;
  if (body.mode === 'raw') {
    const example = parseJsonLoose(body.raw);
    if (example === undefined) {
      if (String(body.raw ?? '').trim()) warnings.push(`"${name}": raw body is not JSON; its shape is unknown`);
      return { contentType: header ?? 'text/plain', required: [] };
    }
    return { contentType: header ?? 'application/json', schema: inferSchema(example), required: [], example };
  }
  if (body.mode === 'urlencoded' || body.mode === 'formdata') {
    const entries = (body[body.mode]?.all?.() ?? []).filter((p: Obj) => !p.disabled);
    const example = Object.fromEntries(entries.map((p: Obj) => [p.key, p.value ?? '']));
    const contentType = body.mode === 'urlencoded' ? 'application/x-www-form-urlencoded' : 'multipart/form-data';
    return { contentType, schema: inferSchema(example), required: [], example };
  }
  warnings.push(`"${name}": body mode ${body.mode} is not read`);
  return undefined;
}
