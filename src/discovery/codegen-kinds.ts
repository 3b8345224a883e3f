import type { CaseKind, JsonSchema } from '../contract/discovery.js';
import { constrainedFields, py, validBody, wrongTypeValue } from './bodies.js';
import type { GenContext } from './codegen.js';
import { lastParam, malformedIdFor, pathValues, repeat, toPy, unknownIdFor } from './codegen-values.js';
import { createdResource } from './pairing.js';
import { isUniqueField, propsOf, schemaType } from './schema.js';

const INJECTIONS = [`' OR '1'='1`, '<script>alert(1)</script>', '{{7*7}}${7*7}', '../../../../etc/passwd', '"; DROP TABLE users; --'];
const CRAFTED: Record<string, unknown> = { id: 999999, _id: 'svc-crafted', createdAt: '1999-01-01T00:00:00Z', created_at: '1999-01-01T00:00:00Z', updatedAt: '1999-01-01T00:00:00Z', role: 'admin', isAdmin: true, is_admin: true, admin: true, owner: 'svc-crafted', ownerId: 999999 };

const q = JSON.stringify;
/** Text placed inside a Python f-string literal: braces doubled, double quotes avoided. */
export const fs = (s: string) => s.replace(/[{}]/g, (b) => b + b).replace(/"/g, "'").replace(/\\/g, '/');

/** The statements of one case, between the prelude and the cleanup. */
export function bodyLines(ctx: GenContext): string[] {
  const { ep, c } = ctx;
  const m = q(ep.method);
  const exp = toPy(c.expect.status);
  const label = fs(`${ep.method} ${ep.path}`);
  const checks = new Set(c.expect.checks);
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(ep.method);
  const base = hasBody ? validBody(ep) ?? {} : undefined;
  const creates = !!createdResource(ep);
  const what = c.title.replace(/^\S+ \S+ /, '').replace(/"/g, "'");
  const out: string[] = [];
  const track = (r: string) => (creates ? [ctx.track(r, ep)] : []);
  const leak = (r: string) => (checks.has('no-leak') ? [`_no_leak(${r}, ${q(what)})`] : []);
  const opts = callOptions(ctx);
  const send = (bodyPy: string | undefined, extra = '') => `r = _call(${m}, ${ctx.pathExpr}${bodyPy !== undefined ? `, ${bodyPy}` : ''}${extra}${opts})`;
  const finish = () => {
    out.push(...track('r'), ...leak('r'), `_expect(r, ${exp}, ${q(what)})`);
    if (checks.has('schema') && ctx.okSchema) out.push(`if 200 <= r.status < 300:`, `    _check_shape(r, ${ctx.okSchema}, ${q(what)})`);
  };
  const custom = c.input?.body !== undefined ? toPy(c.input.body) : undefined;
  const withField = (field: string | undefined, value: unknown) => (field ? toPy({ ...(base ?? {}), [field]: value }) : toPy(base));

  switch (c.kind as CaseKind) {
    case 'create': {
      const idField = ep.idField ?? 'id';
      out.push(send(custom ?? toPy(base)), `_expect(r, ${exp}, ${q(what)})`);
      if (ctx.okSchema) out.push(`_check_shape(r, ${ctx.okSchema}, ${q(what)})`);
      out.push(`new_id = _pick_id(r, ${q(idField)})`, `assert new_id is not None, f"${label} returned no ${idField}: {r.text[:300]}"`);
      for (const v of c.produces) out.push(`produce(${q(v)}, new_id)`);
      break;
    }
    case 'read':
    case 'list':
    case 'call':
    case 'update':
      out.push(send(hasBody ? custom ?? toPy(base) : undefined));
      finish();
      if (c.kind === 'read' && checks.has('id-matches')) {
        const param = lastParam(ep.path)!;
        out.push(`data = r.json()`, `if isinstance(data, dict) and data.get("id") is not None:`, `    assert str(data["id"]) == str(${ctx.values}[${q(param)}]), f"${label} returned another record: {r.text[:300]}"`);
      }
      break;
    case 'delete':
      out.push(send(undefined), `_expect(r, ${exp}, ${q(what)})`);
      if (ctx.reader) out.push(`after = _call("GET", ${ctx.pathExpr})`, `assert after.status in (404, 410), f"${label} answered {r.status} but GET still finds the record ({after.status}): {after.text[:300]}"`);
      break;
    case 'auth-missing':
    case 'auth-bad':
    case 'auth-wrong-scheme': {
      const auth = c.kind === 'auth-missing' ? 'False' : c.kind === 'auth-bad' ? '_bad_auth()' : '_wrong_scheme()';
      out.push(send(hasBody ? custom ?? toPy(base) : undefined, `, auth=${auth}`));
      out.push(...track('r'), ...leak('r'));
      out.push(`assert not (200 <= r.status < 300), f"${label} served a request ${c.kind === 'auth-missing' ? 'without credentials' : c.kind === 'auth-bad' ? 'with an invalid credential' : 'with a wrong-scheme credential'}: got {r.status}: {r.text[:300]}"`);
      out.push(`_expect(r, ${exp}, ${q(what)})`);
      break;
    }
    case 'missing-required': {
      const req = c.input?.field ? [c.input.field] : ep.requestBody?.required ?? [];
      const body = Object.fromEntries(Object.entries(base ?? {}).filter(([k]) => !req.includes(k)));
      out.push(send(custom ?? toPy(body)));
      rejectInvalid();
      break;
    }
    case 'wrong-types': {
      const props = propsOf(ep.requestBody?.schema);
      const fields = c.input?.field ? [c.input.field] : Object.keys(props).filter((k) => props[k]!.readOnly !== true && schemaType(props[k]));
      const body: Record<string, unknown> = { ...(base ?? {}) };
      for (const f of fields) body[f] = c.input?.value !== undefined && c.input.field === f ? c.input.value : wrongTypeValue(props[f]);
      out.push(send(custom ?? toPy(body)));
      rejectInvalid();
      break;
    }
    case 'custom-body':
      out.push(send(custom ?? withField(c.input?.field, c.input?.value)));
      finish();
      break;
    case 'malformed-json':
      out.push(`r = _call(${m}, ${ctx.pathExpr}, raw='{"broken": '${headersOnly(ctx)})`, ...track('r'), ...leak('r'), `_expect(r, ${exp}, ${q(what)})`);
      break;
    case 'wrong-content-type':
      out.push(`r = _call(${m}, ${ctx.pathExpr}, raw="this is plain text, not JSON", content_type="text/plain"${headersOnly(ctx)})`, ...track('r'), ...leak('r'), `_expect(r, ${exp}, ${q(what)})`);
      break;
    case 'unknown-id':
    case 'error-leak':
    case 'foreign-parent': {
      const names = [...ep.path.matchAll(/\{([^}]+)\}/g)].map((x) => x[1]!);
      const param = c.kind === 'foreign-parent' ? names[names.length - 2]! : names[names.length - 1]!;
      const value = c.kind === 'error-leak' ? malformedIdFor(ep, param) : c.input?.value !== undefined ? String(c.input.value) : unknownIdFor(ep, param);
      const path = `_path(${q(ep.path)}, ${pathValues(ep.path, { [param]: q(value) })})`;
      out.push(`r = _call(${m}, ${path}${hasBody ? `, ${custom ?? toPy(base)}` : ''}${opts})`, ...track('r'), ...leak('r'), `_expect(r, ${exp}, ${q(what)})`);
      break;
    }
    case 'duplicate': {
      const field = c.input?.field ?? 'email';
      out.push(`body = ${toPy(base)}`, `first = _call(${m}, ${ctx.pathExpr}, body${opts})`, ...(creates ? [ctx.track('first', ep)] : []));
      out.push(`assert 200 <= first.status < 300, f"${label} could not create the first record: {first.status}: {first.text[:300]}"`);
      out.push(send('body'), ...track('r'), ...leak('r'));
      out.push(`assert not (200 <= r.status < 300), f"${label} accepted a second record with the same ${field}: got {r.status}: {r.text[:300]}"`);
      out.push(`_expect(r, ${exp}, "duplicate ${field}")`);
      break;
    }
    case 'boundary-max':
    case 'boundary-min':
    case 'boundary-at-max': {
      const field = c.input?.field ?? constrainedFields(ep)[0]?.field;
      const s = (field ? propsOf(ep.requestBody?.schema)[field] : undefined) ?? {};
      const value = c.input?.value !== undefined ? c.input.value : boundaryValue(field ?? '', s, c.kind);
      out.push(send(custom ?? withField(field, value)));
      if (c.kind === 'boundary-at-max') finish();
      else rejectInvalid();
      break;
    }
    case 'empty-array':
      out.push(send(custom ?? withField(c.input?.field, [])));
      finish();
      break;
    case 'large-payload': {
      const props = propsOf(ep.requestBody?.schema);
      const field = Object.keys(props).find((k) => schemaType(props[k]) === 'string' && !isUniqueField(k, props[k])) ?? 'svc_padding';
      out.push(send(withField(field, repeat('A', 512 * 1024))));
      finish();
      break;
    }
    case 'query-bounds': {
      const p = ep.queryParams.find((x) => x.name === c.input?.field) ?? ep.queryParams[0]!;
      const vals = [typeof p.schema?.minimum === 'number' ? p.schema.minimum - 1 : undefined, typeof p.schema?.maximum === 'number' ? p.schema.maximum + 1 : undefined].filter((v) => v !== undefined);
      out.push(`for value in ${toPy(vals)}:`, `    r = _call(${m}, ${ctx.pathExpr} + "?${p.name}=" + str(value)${opts})`, `    _no_leak(r, ${q(what)})`, `    _expect(r, ${exp}, "${p.name}=" + str(value))`);
      break;
    }
    case 'injection': {
      const props = propsOf(ep.requestBody?.schema);
      const field = c.input?.field ?? Object.keys(props).find((k) => schemaType(props[k]) === 'string' && !isUniqueField(k, props[k])) ?? Object.keys(props).find((k) => schemaType(props[k]) === 'string')!;
      out.push(`for payload in ${toPy(INJECTIONS)}:`);
      out.push(`    body = ${toPy(base)}`, `    body[${q(field)}] = payload`, `    r = _call(${m}, ${ctx.pathExpr}, body${opts})`);
      if (creates) out.push(`    ${ctx.track('r', ep)}`);
      out.push(`    _no_leak(r, "injection in ${field}")`, `    _expect(r, ${exp}, "injection in ${field} " + repr(payload))`);
      out.push(`    ctype = (r.headers.get("Content-Type") or "") if r.headers else ""`);
      out.push(`    assert not ("html" in ctype and "<script>alert(1)</script>" in r.text), f"${label} echoes unescaped HTML from ${field}: {r.text[:300]}"`);
      break;
    }
    case 'mass-assignment': {
      const props = propsOf(ep.requestBody?.schema);
      const fields = c.input?.field ? [c.input.field] : Object.keys(props).filter((k) => props[k]!.readOnly === true);
      const crafted = Object.fromEntries((fields.length ? fields : ['id']).map((f) => [f, CRAFTED[f] ?? craftedFor(props[f])]));
      out.push(send(toPy({ ...(base ?? {}), ...crafted })), ...track('r'), ...leak('r'), `_expect(r, ${exp}, ${q(what)})`);
      out.push(`data = r.json() if 200 <= r.status < 300 else None`, `if isinstance(data, dict) and isinstance(data.get("data"), dict):`, `    data = data["data"]`);
      out.push(`for field, crafted in ${toPy(crafted)}.items():`);
      out.push(`    if isinstance(data, dict) and field in data:`, `        assert str(data[field]) != str(crafted), f"${label} let the client set read-only field {field!r} to {crafted!r}: {r.text[:300]}"`);
      break;
    }
  }
  return out;

  function rejectInvalid(): void {
    out.push(...track('r'), ...leak('r'));
    out.push(`assert not (200 <= r.status < 300), f"${label} accepted an invalid body (${fs(what)}): got {r.status}: {r.text[:300]}"`);
    out.push(`_expect(r, ${exp}, ${q(what)})`);
  }
}

function craftedFor(s: JsonSchema | undefined): unknown {
  const t = schemaType(s);
  return t === 'integer' || t === 'number' ? 999999 : t === 'boolean' ? true : 'svc-crafted';
}

function boundaryValue(field: string, s: JsonSchema, kind: CaseKind): unknown {
  const t = schemaType(s);
  if (t === 'string') {
    const n = kind === 'boundary-min' ? Number(s.minLength ?? 1) - 1 : kind === 'boundary-max' ? Number(s.maxLength ?? 255) + 1 : Number(s.maxLength ?? 255);
    return isUniqueField(field, s) && kind === 'boundary-at-max' ? py(`(_uniq() + "x" * ${n})[:${n}]`) : repeat('x', n);
  }
  if (t === 'array') return kind === 'boundary-min' ? [] : Array.from({ length: Number(s.maxItems ?? 100) + 1 }, () => 'x');
  const n = kind === 'boundary-min' ? Number(s.minimum ?? 0) - 1 : kind === 'boundary-max' ? Number(s.maximum ?? 0) + 1 : Number(s.maximum ?? 0);
  return n;
}

/** Documented headers the call needs (with their example or first allowed value). */
function headersOnly(ctx: GenContext): string {
  const hs = (ctx.ep.headerParams ?? []).filter((h) => h.required);
  if (!hs.length) return '';
  const values = Object.fromEntries(hs.map((h) => [h.name, h.schema?.example ?? (Array.isArray(h.schema?.enum) ? h.schema.enum[0] : undefined) ?? h.schema?.default ?? 'x']));
  return `, headers=${toPy(values)}`;
}

/** Extra `_call` arguments: documented headers and a non-default body content type. */
function callOptions(ctx: GenContext): string {
  const ct = ctx.ep.requestBody?.contentType;
  const typed = ct && ct !== 'application/json' && /json|x-www-form-urlencoded/.test(ct) ? `, content_type=${q(ct)}` : '';
  return `${headersOnly(ctx)}${typed}`;
}
