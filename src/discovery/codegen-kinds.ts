import type { ApiEndpoint, CaseKind, JsonSchema } from '../contract/discovery.js';
import { declared, expectedStatus } from './expect.js';
import { constrainedFields, py, sampleObject, validBody, wrongTypeValue } from './bodies.js';
import type { GenContext } from './codegen.js';
import { lastParam, malformedIdFor, pathValues, repeat, shapeSchema, toPy, unknownIdFor, withKey } from './codegen-values.js';
import { createdResource } from './pairing.js';
import { singular } from './paths.js';
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
  const label = fs(`${ep.method} ${ep.path}`);
  const checks = new Set(c.expect.checks);
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(ep.method);
  // A PUT that creates writes the record its key names: the test's own, tracked where it was made.
  const key = c.kind === 'create' && ep.putCreates ? 'key' : ctx.ownTarget && ep.putCreates ? '_target' : undefined;
  const base = hasBody ? (key ? withKey(ep, validBody(ep) ?? {}, key) : validBody(ep) ?? {}) : undefined;
  const creates = !!createdResource(ep) && !ep.putCreates;
  const what = c.title.replace(/^\S+ \S+ /, '').replace(/"/g, "'");
  const out: string[] = [];
  const track = (r: string) => (creates ? [ctx.track(r, ep)] : []);
  const leak = (r: string) => (checks.has('no-leak') ? leakLines(r, fs(what)) : []);
  const expect = (r: string, w = fs(what), statuses = c.expect.status) => expectLines(r, statuses, w, declared(ep));
  const opts = callOptions(ctx);
  const send = (bodyPy: string | undefined, extra = '') => `r = call(${m}, ${ctx.pathExpr}${bodyPy !== undefined ? `, ${bodyPy}` : ''}${extra}${opts})`;
  const finish = () => {
    out.push(...track('r'), ...leak('r'), ...expect('r'));
    if (checks.has('schema') && ctx.okSchema) out.push(`if 200 <= r.status < 300:`, ...indent(shapeLines('r', ctx.okSchema, fs(what))));
  };
  const custom = c.input?.body !== undefined ? toPy(c.input.body) : undefined;
  const withField = (field: string | undefined, value: unknown) => (field ? toPy({ ...(base ?? {}), [field]: value }) : toPy(base));

  switch (c.kind as CaseKind) {
    case 'create': {
      if (ep.putCreates) {
        // The record is the test's own: deleted when it ends, never handed on.
        out.push(`body = ${custom ?? toPy(base)}`, send('body'), ctx.track('r', ep, 'key'), ...expect('r'));
        if (ctx.okSchema) out.push(`if r.text:`, ...indent(shapeLines('r', ctx.okSchema, fs(what))));
        const back = ctx.readBack(ep, 'key');
        if (back && checks.has('read-after-write')) out.push(...readBackLines(back, 'body', label));
        break;
      }
      const idField = ep.idField ?? 'id';
      // The id is handed on before any other check, so one shape defect does not block every
      // test that builds on this record.
      out.push(`body = ${custom ?? toPy(base)}`, send('body'));
      out.push(`new_id = pick_id(r, ${q(idField)}) if 200 <= r.status < 300 else None`);
      for (const v of c.produces) out.push(`if new_id is not None:`, `    produce(${q(v)}, new_id)`);
      out.push(...expect('r'), `assert new_id is not None, f"${label} returned no ${idField}: {r.text[:300]}"`);
      if (ctx.okSchema) out.push(...shapeLines('r', ctx.okSchema, fs(what)));
      const back = ctx.readBack(ep, 'new_id');
      if (back && checks.has('read-after-write')) out.push(...readBackLines(back, 'body', label));
      break;
    }
    case 'read':
    case 'list':
    case 'call':
    case 'update':
      if (hasBody) out.push(`body = ${custom ?? toPy(base)}`);
      out.push(send(hasBody ? 'body' : undefined));
      finish();
      if (c.kind === 'update' && ctx.reader && checks.has('read-after-write')) out.push(`if 200 <= r.status < 300:`, ...indent(readBackLines(ctx.pathExpr, 'body', label)));
      if (c.kind === 'read' && checks.has('id-matches')) {
        const param = lastParam(ep.path)!;
        out.push(`data = r.json()`, `if isinstance(data, dict) and data.get("id") is not None:`, `    assert str(data["id"]) == str(${ctx.values}[${q(param)}]), f"${label} returned another record: {r.text[:300]}"`);
      }
      break;
    case 'delete': {
      const watched = checks.has('others-untouched') ? witnessLines(ctx) : [];
      // Gone where it is read: this path, or where its create reads it back (PUT /a/{k} read at GET /a/{k}, deleted at DELETE /b/{k}).
      const readAt = ctx.reader ? ctx.pathExpr : ctx.ownTarget && ctx.creator ? ctx.readBack(ctx.creator, '_target') : undefined;
      const del = [
        send(undefined),
        ...expect('r'),
        ...(readAt ? [`after = call("GET", ${readAt})`, `assert after.status in (404, 410), f"${label} answered {r.status} but GET still finds the record ({after.status}): {after.text[:300]}"`] : []),
      ];
      if (!watched.length) {
        out.push(...del);
        break;
      }
      const check = [
        `_lost = []`,
        `for w_path, w_made, w_was in _witnesses:`,
        `    w_after = call("GET", w_path)`,
        // Removed, or its id given to another record (a server that reuses ids): not the test's to delete any more.
        `    if not (w_after.status == 200 and unchanged(w_was, w_after.json())):`,
        `        forget(w_path)`,
        `        _lost.append((w_path, w_made, w_after))`,
      ];
      if (!ctx.ownTarget) out.push(...watched, ...del, ...check);
      else
        // Tests run side by side, and another one can remove a witness: where a server gives a freed id
        // again, a test deleting its own record by that id deletes the witness holding it now. What the
        // delete does, it does again: once a witness is lost, a new record is deleted with new
        // witnesses, and that verdict holds.
        out.push(
          `for _attempt in range(2):`,
          ...indent([
            `if _attempt:`,
            `    print(f"[svc] {_lost[0][0]} was gone or changed after the delete; deleting a new record with new witnesses to see whether the delete did it")`,
            ...indent(ctx.ownTarget),
            ...watched,
            ...del,
            ...check,
            `if not _lost:`,
            `    if _attempt:`,
            `        print("[svc] the second delete left every witness alone: something else removed the first one")`,
            `    break`,
          ]),
        );
      out.push(`assert not _lost, f"${label} also removed or changed {_lost[0][0]}, a record made by {_lost[0][1]} that it does not name (GET answered {_lost[0][2].status}): {_lost[0][2].text[:300]}"`);
      break;
    }
    case 'auth-missing':
    case 'auth-bad':
    case 'auth-wrong-scheme': {
      const auth = c.kind === 'auth-missing' ? 'False' : c.kind === 'auth-bad' ? 'bad_auth()' : 'wrong_scheme()';
      out.push(send(hasBody ? custom ?? toPy(base) : undefined, `, auth=${auth}`));
      out.push(...track('r'), ...leak('r'));
      out.push(`assert not (200 <= r.status < 300), f"${label} served a request ${c.kind === 'auth-missing' ? 'without credentials' : c.kind === 'auth-bad' ? 'with an invalid credential' : 'with a wrong-scheme credential'}: got {r.status}: {r.text[:300]}"`);
      out.push(...expect('r'));
      break;
    }
    case 'missing-required': {
      // One request per required field, each without just that field: a server that checks
      // only some of them is caught.
      const req = c.input?.field ? [c.input.field] : ep.requestBody?.required ?? [];
      if (custom !== undefined || !req.length) {
        out.push(send(custom ?? toPy(base)));
        rejectInvalid();
        break;
      }
      out.push(`for missing in ${toPy(req)}:`, `    body = {k: v for k, v in ${toPy(base)}.items() if k != missing}`, `    r = call(${m}, ${ctx.pathExpr}, body${opts})`);
      if (creates) out.push(`    ${ctx.track('r', ep)}`);
      out.push(...indent(leakLines('r', 'without {missing}')));
      out.push(`    assert not (200 <= r.status < 300), f"${label} accepted an invalid body (without {missing}): got {r.status}: {r.text[:300]}"`);
      out.push(...indent(expect('r', 'without {missing}')));
      break;
    }
    case 'wrong-types': {
      const props = propsOf(ep.requestBody?.schema);
      const fields = c.input?.field ? [c.input.field] : Object.keys(props).filter((k) => props[k]!.readOnly !== true && schemaType(props[k]));
      const body: Record<string, unknown> = { ...(base ?? {}) };
      // An id or unique field gets a value of its own: tests running together must not write one record.
      const own = (f: string) => f === (ep.idField ?? 'id') || isUniqueField(f, props[f]);
      const wrong = (f: string) => {
        const t = schemaType(props[f]);
        if (own(f) && t === 'string') return py('uniq_int()');
        if (own(f) && (t === 'integer' || t === 'number')) return py('"not-a-number-" + uniq()');
        return wrongTypeValue(props[f]);
      };
      for (const f of fields) body[f] = c.input?.value !== undefined && c.input.field === f ? c.input.value : wrong(f);
      out.push(send(custom ?? toPy(body)));
      if (c.expect.status.length || custom !== undefined) {
        rejectInvalid();
        break;
      }
      // The document lists no validation error: a server may take the values as they come (HTTP
      // does not forbid it), but what it then serves must still have the documented types.
      out.push(...track('r'), ...leak('r'), ...expectLines('r', [], fs(what)));
      const stored = storedAt();
      if (!stored) break;
      // What was accepted is read back: gone (a 404 right after the 2xx) is a failure too, so the
      // verdict does not hang on whether something else removed the record first.
      const readBack = [
        `back = call("GET", ${stored.path})`,
        `assert back.status == 200, f"${label} accepted wrong field types ({r.status}) but {back.where} answers {back.status}: the record is not there to read: {back.text[:300]}"`,
        `problems = [p for p in shape_problems(back, ${stored.shape}) if p.split(" ")[0] in ${toPy(fields.map((f) => `$.${f}`))}]`,
        `assert not problems, f"${label} accepted wrong field types and {back.where} serves them: {'; '.join(problems)}"`,
      ];
      out.push(`if 200 <= r.status < 300:`, ...indent(stored.id ? [`new_id = pick_id(r, ${q(ep.idField ?? 'id')})`, `if new_id is not None:`, ...indent(readBack)] : readBack));
      break;
    }
    case 'custom-body':
      out.push(send(custom ?? withField(c.input?.field, c.input?.value)));
      finish();
      break;
    case 'malformed-json':
      out.push(`r = call(${m}, ${ctx.pathExpr}, raw='{"broken": '${headerArg(ctx.ep)})`, ...track('r'), ...leak('r'), ...expect('r'));
      break;
    case 'wrong-content-type':
      out.push(`r = call(${m}, ${ctx.pathExpr}, raw="this is plain text, not JSON", content_type="text/plain"${headerArg(ctx.ep)})`, ...track('r'), ...leak('r'), ...expect('r'));
      break;
    case 'unknown-id':
    case 'error-leak':
    case 'foreign-parent': {
      const names = [...ep.path.matchAll(/\{([^}]+)\}/g)].map((x) => x[1]!);
      const param = c.kind === 'foreign-parent' ? names[names.length - 2]! : names[names.length - 1]!;
      const value = c.kind === 'error-leak' ? malformedIdFor(ep, param) : c.input?.value !== undefined ? String(c.input.value) : unknownIdFor(ep, param);
      const path = `path(${q(ep.path)}, ${pathValues(ep.path, { [param]: q(value) })})`;
      out.push(`r = call(${m}, ${path}${hasBody ? `, ${custom ?? toPy(base)}` : ''}${opts})`, ...track('r'), ...leak('r'));
      if (checks.has('refused')) out.push(`assert not (200 <= r.status < 300), f"${label} stored a record under a parent that does not exist (${fs(param)}=${fs(value)}): got {r.status}: {r.text[:300]}"`);
      out.push(...expect('r'));
      break;
    }
    case 'invalid-body': {
      const bad = py(`[[], [${toPy(base)}], "not an object", 42, None]`);
      out.push(...probeLoop(`for bad in ${toPy(bad)}:`, `"body " + json.dumps(bad)[:60]`, `r = call(${m}, ${ctx.pathExpr}, raw=json.dumps(bad)${opts})`, [
        ...leakLines('r', '{what}'),
        `assert not (200 <= r.status < 300), f"${label} accepted {json.dumps(bad)[:80]} where the document wants an object: got {r.status}: {r.text[:300]}"`,
        ...expect('r', '{what}'),
      ]));
      break;
    }
    case 'duplicate': {
      if (!creates && ctx.creator) {
        duplicateOnUpdate(c.input?.field ?? 'email');
        break;
      }
      const field = c.input?.field ?? 'email';
      const idLike = field === (ep.idField ?? 'id');
      const props = propsOf(ep.requestBody?.schema);
      out.push(`body = ${toPy(base)}`);
      if (idLike) out.push(`body[${q(field)}] = ${schemaType(props[field]) === 'string' ? '"svc-" + uniq()' : 'uniq_int()'}`);
      out.push(`first = call(${m}, ${ctx.pathExpr}, body${opts})`, ...(creates ? [ctx.track('first', ep)] : []));
      out.push(`assert 200 <= first.status < 300, f"${label} could not create the first record: {first.status}: {first.text[:300]}"`);
      // The second differs in a text field, so an overwrite of the first shows when it is read back.
      const other = Object.keys(base ?? {}).find((k) => k !== field && schemaType(props[k]) === 'string' && !isUniqueField(k, props[k]) && !props[k]?.format && !props[k]?.enum);
      out.push(`second = dict(body)`);
      if (other) out.push(`second[${q(other)}] = str(second[${q(other)}]) + " (second)"`);
      out.push(send('second'), ...track('r'), ...leak('r'));
      out.push(`assert not (200 <= r.status < 300), f"${label} accepted a second record with the same ${field}: got {r.status}: {r.text[:300]}"`);
      out.push(...expect('r', `duplicate ${fs(field)}`));
      const back = idLike ? ctx.readBack(ep, `body[${q(field)}]`) : undefined;
      if (back) out.push(...readBackLines(back, 'body', `a second ${fs(ep.method)} with the same ${fs(field)}`));
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
      out.push(`for value in ${toPy(vals)}:`, `    r = call(${m}, ${ctx.pathExpr} + "?${p.name}=" + str(value)${opts})`, ...indent(leakLines('r', fs(what))), ...indent(expect('r', `${fs(p.name)}={value}`)));
      break;
    }
    case 'query-json': {
      const qp = ep.queryParams.find((x) => x.name === c.input?.field) ?? ep.queryParams.find((x) => x.contentType)!;
      const bad = jsonQueryProbes(qp.schema ?? {});
      const valid = sampleObject(qp.schema ?? { type: 'object' }, 0, false);
      const arg = (raw: string) => `${ctx.pathExpr} + "?" + urllib.parse.urlencode({${q(qp.name)}: ${raw}})`;
      out.push(`for raw, why in ${toPy(bad)}:`, `    r = call(${m}, ${arg('raw')}${opts})`, ...indent(leakLines('r', `${fs(qp.name)} with {why}`)));
      if (checks.has('refused')) out.push(`    assert not (200 <= r.status < 300), f"${label} accepted ${fs(qp.name)}={raw} ({why}): got {r.status}: {r.text[:300]}"`);
      out.push(...indent(expect('r', `${fs(qp.name)} with {why}`)));
      out.push(`r = call(${m}, ${arg(q(JSON.stringify(valid)))}${opts})`, ...expect('r', fs(`${qp.name}=${JSON.stringify(valid)}`), expectedStatus(ep, 'list')));
      break;
    }
    case 'injection': {
      const props = propsOf(ep.requestBody?.schema);
      const field = c.input?.field ?? Object.keys(props).find((k) => schemaType(props[k]) === 'string' && !isUniqueField(k, props[k])) ?? Object.keys(props).find((k) => schemaType(props[k]) === 'string')!;
      out.push(...probeLoop(`for payload in ${toPy(INJECTIONS)}:`, `"injection in ${fs(field)} " + repr(payload)`, `r = call(${m}, ${ctx.pathExpr}, dict(${toPy(base)}, **{${q(field)}: payload})${opts})`, [
        ...leakLines('r', '{what}'),
        ...expect('r', '{what}'),
        `ctype = (r.headers.get("Content-Type") or "") if r.headers else ""`,
        `assert not ("html" in ctype and "<script>alert(1)</script>" in r.text), f"${label} echoes unescaped HTML from ${field}: {r.text[:300]}"`,
      ]));
      break;
    }
    case 'mass-assignment': {
      const props = propsOf(ep.requestBody?.schema);
      const fields = c.input?.field ? [c.input.field] : Object.keys(props).filter((k) => props[k]!.readOnly === true);
      const crafted = Object.fromEntries((fields.length ? fields : ['id']).map((f) => [f, CRAFTED[f] ?? craftedFor(props[f])]));
      out.push(send(toPy({ ...(base ?? {}), ...crafted })), ...track('r'), ...leak('r'), ...expect('r'));
      out.push(`data = r.json() if 200 <= r.status < 300 else None`, `if isinstance(data, dict) and isinstance(data.get("data"), dict):`, `    data = data["data"]`);
      out.push(`for field, crafted in ${toPy(crafted)}.items():`);
      out.push(`    if isinstance(data, dict) and field in data:`, `        assert str(data[field]) != str(crafted), f"${label} let the client set read-only field {field!r} to {crafted!r}: {r.text[:300]}"`);
      break;
    }
  }
  return out;

  /** Where the record the case writes is read back, and the schema it is read with. */
  function storedAt(): { path: string; shape: string; id: boolean } | undefined {
    if (creates) {
      const path = ctx.readBack(ep, 'new_id');
      const shape = ctx.readBackShape(ep);
      return path && shape ? { path, shape, id: true } : undefined;
    }
    if (!ctx.ownTarget || !ctx.creator) return undefined;
    if (ctx.reader) {
      const schema = ctx.reader.responses.find((x) => x.status === 200 && x.schema)?.schema;
      return schema ? { path: ctx.pathExpr, shape: toPy(shapeSchema(schema)), id: false } : undefined;
    }
    const path = ctx.readBack(ctx.creator, '_target');
    const shape = ctx.readBackShape(ctx.creator);
    return path && shape ? { path, shape, id: false } : undefined;
  }

  /** Gives the test's own record the unique value of a second record it creates. */
  function duplicateOnUpdate(field: string): void {
    const creator = ctx.creator!;
    out.push(
      `other_body = ${toPy(validBody(creator) ?? {})}`,
      `other = call("POST", path(${q(creator.path)}, ${pathValues(creator.path)}), other_body)`,
      ctx.track('other', creator),
      `assert 200 <= other.status < 300, f"could not create a second record: ${fs(creator.method + ' ' + creator.path)} answered {other.status}: {other.text[:300]}"`,
      `body = ${toPy(base)}`,
      `body[${q(field)}] = other_body[${q(field)}]`,
      send('body'),
      ...leak('r'),
      `assert not (200 <= r.status < 300), f"${label} gave a record the ${field} another record has ({body[${q(field).replace(/"/g, "'")}]!r}): got {r.status}: {r.text[:300]}"`,
      ...expect('r', `duplicate ${fs(field)}`),
    );
  }

  /**
   * A loop over hostile values that reports every value the API mishandles, not only the first.
   * When the API stops answering (the connection closes unanswered, or is refused), the loop ends
   * and the test fails on that value, naming what the API had mishandled before it.
   */
  function probeLoop(header: string, whatPy: string, callLine: string, checkLines: string[]): string[] {
    return [
      'problems = []',
      header,
      ...indent([
        `what = ${whatPy}`,
        'try:',
        `    ${callLine}`,
        'except OSError as e:',
        `    raise ConnectionError(f"${label} with {what}: no answer ({type(e).__name__}: {e})" + ("; before that: " + "; ".join(problems) if problems else "")) from e`,
        ...track('r'),
        'try:',
        ...indent(checkLines),
        'except AssertionError as e:',
        '    problems.append(str(e).split("\\n")[0])',
      ]),
      `assert not problems, "; ".join(problems)`,
    ];
  }

  function rejectInvalid(): void {
    out.push(...track('r'), ...leak('r'));
    out.push(`assert not (200 <= r.status < 300), f"${label} accepted an invalid body (${fs(what)}): got {r.status}: {r.text[:300]}"`);
    out.push(...expect('r'));
  }
}

const indent = (lines: string[]) => lines.map((l) => `    ${l}`);

/**
 * The status is one the case expects (documented, else HTTP semantics); with none, at least no
 * server error. `w` is f-string text naming the situation.
 */
export function expectLines(r: string, statuses: number[], w: string, documented: number[] = []): string[] {
  return statuses.length
    ? [`assert ${r}.status in ${toPy(statuses)}, f"{${r}.where} ${w}: expected ${statuses.join('/')} ${clause(statuses, documented)}, got {${r}.status}: {${r}.text[:300]}"`]
    : [`assert ${r}.status < 500, f"{${r}.where} ${w}: server error {${r}.status}: {${r}.text[:300]}"`];
}

/** Where expected statuses come from: the document, HTTP semantics, or both. */
function clause(statuses: number[], documented: number[]): string {
  const doc = statuses.filter((s) => documented.includes(s));
  if (doc.length === statuses.length) return 'as documented';
  if (!doc.length) return 'by HTTP';
  return `(${doc.join('/')} documented, ${statuses.filter((s) => !doc.includes(s)).join('/')} by HTTP)`;
}

function leakLines(r: string, w: string): string[] {
  return [`assert not leak_in(${r}), f"{${r}.where} ${w}: response {${r}.status} leaks internals ({leak_in(${r})!r}): {${r}.text[:300]}"`];
}

function shapeLines(r: string, schemaPy: string, w: string): string[] {
  return [`problems = shape_problems(${r}, ${schemaPy})`, `assert not problems, f"{${r}.where} ${w}: response does not match the documented schema: {'; '.join(problems)}"`];
}

/** GET the record at `pathPy` and compare each scalar field of `sentVar`; `w` names the write. */
function readBackLines(pathPy: string, sentVar: string, w: string): string[] {
  return [
    `back = call("GET", ${pathPy})`,
    `assert back.status == 200, f"GET {back.path} after ${w}: expected 200, got {back.status}: {back.text[:300]}"`,
    `diffs = differences(${sentVar}, back.json())`,
    `assert not diffs, f"GET {back.path} after ${w} does not return what was written: {'; '.join(diffs[:5])}"`,
  ];
}

/**
 * Statements that create one record of every other top-level kind before a DELETE (a field naming
 * the deleted kind, e.g. `postId`, points at the record being deleted) and list in `_witnesses`
 * those that read back, to check afterwards that the DELETE left them alone.
 */
function witnessLines(ctx: GenContext): string[] {
  if (!ctx.witnesses.length) return [];
  const deleted = singular(createdResource(ctx.creator ?? ctx.ep) ?? '');
  const refs = deleted ? [`${deleted}Id`, `${deleted}_id`, `${deleted}ID`] : [];
  const out = ['_witnesses = []'];
  for (const w of ctx.witnesses) {
    const props = propsOf(w.requestBody?.schema);
    const body = { ...(validBody(w) ?? {}) };
    for (const k of Object.keys(props)) if (refs.includes(k)) body[k] = py('_target');
    const made = `${w.method} ${w.path}`;
    // Made again when it does not read back: a server that reuses ids may hand a concurrent test's
    // delete the id it just gave the witness.
    out.push(
      `for _try in range(3):`,
      ...indent([
        `w = call("POST", ${q(w.path)}, ${toPy(body)})`,
        ctx.track('w', w),
        `w_id = pick_id(w, ${q(w.idField ?? 'id')}) if 200 <= w.status < 300 else None`,
        `w_before = call("GET", ${ctx.readBack(w, 'w_id')}) if w_id is not None else None`,
        `if w_before is not None and w_before.status == 200:`,
        `    _witnesses.append((${ctx.readBack(w, 'w_id')}, ${q(made)}, w_before.json()))`,
        `    break`,
      ]),
      `else:`,
      `    print(f"[svc] no witness from ${fs(made)} ({w.status if w_before is None else w_before.status}): records of that kind are not checked by this delete")`,
    );
  }
  return out;
}

/** Values of a JSON query parameter that its schema refuses, each with the reason, as JSON text. */
function jsonQueryProbes(schema: JsonSchema): [string, string][] {
  const out: [string, string][] = [['{"broken": ', 'malformed JSON'], ['[]', 'an array where the document wants an object']];
  if (schema.additionalProperties === false) out.push([JSON.stringify({ svc_unknown: 1 }), 'a property the document does not define']);
  for (const [k, s] of Object.entries(propsOf(schema))) {
    if (typeof s.minimum === 'number') out.push([JSON.stringify({ [k]: s.minimum - 1 }), `${k} below its minimum ${s.minimum}`]);
    else if (schemaType(s) === 'integer' || schemaType(s) === 'number') out.push([JSON.stringify({ [k]: 'not-a-number' }), `${k} not a number`]);
    if (out.length >= 6) break;
  }
  return out;
}

function craftedFor(s: JsonSchema | undefined): unknown {
  const t = schemaType(s);
  return t === 'integer' || t === 'number' ? 999999 : t === 'boolean' ? true : 'svc-crafted';
}

function boundaryValue(field: string, s: JsonSchema, kind: CaseKind): unknown {
  const t = schemaType(s);
  if (t === 'string') {
    const n = kind === 'boundary-min' ? Number(s.minLength ?? 1) - 1 : kind === 'boundary-max' ? Number(s.maxLength ?? 255) + 1 : Number(s.maxLength ?? 255);
    return isUniqueField(field, s) && kind === 'boundary-at-max' ? py(`(uniq() + "x" * ${n})[:${n}]`) : repeat('x', n);
  }
  if (t === 'array') return kind === 'boundary-min' ? [] : Array.from({ length: Number(s.maxItems ?? 100) + 1 }, () => 'x');
  const n = kind === 'boundary-min' ? Number(s.minimum ?? 0) - 1 : kind === 'boundary-max' ? Number(s.maximum ?? 0) + 1 : Number(s.maximum ?? 0);
  return n;
}

/** Documented headers a call to the endpoint needs (with their example or first allowed value). */
export function requiredHeaders(ep: ApiEndpoint): Record<string, unknown> | undefined {
  const hs = (ep.headerParams ?? []).filter((h) => h.required);
  if (!hs.length) return undefined;
  return Object.fromEntries(hs.map((h) => [h.name, h.schema?.example ?? (Array.isArray(h.schema?.enum) ? h.schema.enum[0] : undefined) ?? h.schema?.default ?? 'x']));
}

/** `, headers={...}` for a `call` to the endpoint, or nothing. */
export function headerArg(ep: ApiEndpoint): string {
  const values = requiredHeaders(ep);
  return values ? `, headers=${toPy(values)}` : '';
}

/** Extra `call` arguments: documented headers and a non-default body content type. */
function callOptions(ctx: GenContext): string {
  const ct = ctx.ep.requestBody?.contentType;
  const typed = ct && ct !== 'application/json' && /json|x-www-form-urlencoded/.test(ct) ? `, content_type=${q(ct)}` : '';
  return `${headerArg(ctx.ep)}${typed}`;
}
