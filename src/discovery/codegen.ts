import { SvcError } from '../contract/errors.js';
import type { ApiEndpoint, PlannedCase } from '../contract/discovery.js';
import { validBody } from './bodies.js';
import { bodyLines, fs, headerArg, requiredHeaders } from './codegen-kinds.js';
import { deleteTemplate, keyExpr, lastParam, pathValues, shapeSchema, toPy, withKey } from './codegen-values.js';
import { createdResource, variableFor } from './pairing.js';
import { HOSTILE, isItem, selfContained, targetVariable } from './planner-cases.js';

export interface GeneratedTest {
  caseId: string;
  name: string;
  description: string;
  priority: PlannedCase['priority'];
  /** Wave category for the harness: setup | main | teardown. */
  category: PlannedCase['testCategory'];
  produces: string[];
  needs: string[];
  code: string;
}

/** What a case's code needs to know about the endpoints around it. */
export interface GenContext {
  ep: ApiEndpoint;
  c: PlannedCase;
  /** Python expression of the request path (parameters filled). */
  pathExpr: string;
  /** Python dict literal filling the endpoint's path from VARS. */
  values: string;
  /** The create endpoint whose records this endpoint's path refers to, if any. */
  creator?: ApiEndpoint;
  /**
   * Python statements that remember a record created by a call on `create`; for a PUT that creates,
   * `key` is the Python expression of the key it was created at.
   */
  track: (respVar: string, create: ApiEndpoint, key?: string) => string;
  /** GET endpoint of the same item path, to check a delete. */
  reader?: ApiEndpoint;
  okSchema?: string;
  /** Python expression of the GET path that reads back a record `create` made, id in `idVar`. */
  readBack: (create: ApiEndpoint, idVar: string) => string | undefined;
  /** Python literal of the record schema the GET behind `readBack(create, …)` answers with, if documented. */
  readBackShape: (create: ApiEndpoint) => string | undefined;
  /** For a DELETE: records of other kinds (and one sibling) that must survive it. */
  witnesses: ApiEndpoint[];
  /** The case works on a record of its own, created first by these statements, whose id is `_target`. */
  ownTarget?: string[];
}

const HELPERS = ['call', 'path', 'uniq', 'uniq_int', 'pick_id', 'track', 'track_at', 'forget', 'leak_in', 'shape_problems', 'differences', 'unchanged', 'bad_auth', 'wrong_scheme'];

/** The imports a test's statements use: svc_checks (the harness's helper module) and the standard library. */
function imports(body: string): string {
  const used = HELPERS.filter((h) => new RegExp(`\\b${h}\\(`).test(body));
  const std = ['json', 'urllib.parse'].filter((m) => new RegExp(`\\b${m.replace('.', '\\.')}\\.`).test(body));
  return [...std.map((m) => `import ${m}`), `from svc_checks import ${['cleanup', ...used].sort().join(', ')}`].join('\n');
}

function header(c: PlannedCase): string {
  const q = (s: string) => s.replace(/[\r\n]+/g, ' ');
  return [
    `# svc backend test: ${q(c.title)}`,
    `# case: ${c.id} | category: ${c.category} (${c.testCategory}) | priority: ${c.priority}`,
    `# endpoint: ${c.method} ${c.path}`,
    `# produces: ${c.produces.join(', ') || '-'} | needs: ${c.needs.join(', ') || '-'}`,
    ...q(c.description).match(/.{1,96}(\s|$)/g)!.map((l) => `# ${l.trim()}`),
    '',
  ].join('\n');
}

/**
 * Python source for one planned case, following the harness contract (DESIGN.md 7): standard
 * library only, plain asserts with the request and the answer in the message, `produce()` for the
 * ids a create returns, records created along the way deleted before the test ends.
 */
export function generateTestCode(c: PlannedCase, endpoints: ApiEndpoint[]): string {
  const byId = new Map(endpoints.map((e) => [e.id, e]));
  const ep = byId.get(c.endpointId) ?? endpoints.find((e) => e.method === c.method && e.path === c.path);
  if (!ep) throw new SvcError('NOT_FOUND', `Case ${c.id} refers to endpoint ${c.endpointId}, which is not in the endpoint list`, { nextAction: 'Re-run discovery or add the endpoint by hand' });
  const tv = targetVariable(ep);
  const makes = (e: ApiEndpoint) => {
    const r = createdResource(e);
    return !!r && variableFor(r) === tv;
  };
  const creator = tv ? endpoints.find((e) => makes(e) && e.deleteOf) ?? endpoints.find(makes) : undefined;
  const track = (respVar: string, create: ApiEndpoint, key?: string) => {
    const delEp = create.deleteOf ? byId.get(create.deleteOf) : undefined;
    const del = deleteTemplate(delEp);
    if (!del) return `pass  # no DELETE endpoint removes what ${create.method} ${create.path} creates`;
    const headers = delEp && requiredHeaders(delEp);
    const extra = headers ? `, ${toPy(headers)}` : '';
    if (key) return `track_at(${respVar}, path(${JSON.stringify(del.template)}, dict(${del.values}, __id__=${key}))${extra})`;
    return `track(${respVar}, ${JSON.stringify(del.template)}, ${JSON.stringify(create.idField ?? 'id')}, ${del.values}${extra})`;
  };
  // Where a created record is read: at the path a PUT created it, at its DELETE's path, or one level below the collection.
  const readerOf = (create: ApiEndpoint) => {
    const del = create.deleteOf ? byId.get(create.deleteOf) : undefined;
    const gets = endpoints.filter((e) => e.method === 'GET');
    return (
      (create.putCreates ? gets.find((e) => e.path === create.path) : undefined) ??
      (del ? gets.find((e) => e.path === del.path) : undefined) ??
      (create.method === 'POST' ? gets.find((e) => new RegExp(`^${escapeRe(create.path.replace(/\/$/, ''))}/\{[^}/]+\}$`).test(e.path)) : undefined)
    );
  };
  const readBackShape = (create: ApiEndpoint) => {
    const schema = readerOf(create)?.responses.find((r) => r.status === 200 && r.schema)?.schema;
    return schema ? toPy(shapeSchema(schema)) : undefined;
  };
  const readBack = (create: ApiEndpoint, idVar: string) => {
    const tpl = deleteTemplate(readerOf(create));
    return tpl ? `path(${JSON.stringify(tpl.template)}, dict(${tpl.values}, __id__=${idVar}))` : undefined;
  };
  const okSchema = ep.responses.find((r) => typeof r.status === 'number' && r.status >= 200 && r.status < 300 && r.schema)?.schema;
  const ctx: GenContext = {
    ep,
    c,
    pathExpr: '',
    // Values a case sends as given (a documented example the API confirmed) instead of VARS.
    values: pathValues(ep.path, Object.fromEntries(Object.entries(c.input?.path ?? {}).map(([k, v]) => [k, JSON.stringify(v)]))),
    creator,
    track,
    reader: isItem(ep) ? endpoints.find((e) => e.method === 'GET' && e.path === ep.path) : undefined,
    okSchema: okSchema ? toPy(shapeSchema(okSchema)) : undefined,
    readBack,
    readBackShape,
    witnesses: ep.method === 'DELETE' && c.kind === 'delete' && creator ? witnessesFor(endpoints, readBack) : [],
  };
  const lines: string[] = [];
  if (c.kind === 'create' && ep.putCreates) {
    // The test names the record it creates.
    lines.push(`key = ${keyExpr(ep)}`);
    ctx.values = pathValues(ep.path, { [lastParam(ep.path)!]: 'key' });
  } else if (selfContained(ep, c.kind, creator) && c.testCategory !== 'teardown' && creator && isItem(ep)) {
    // The record this case works on is its own, so shared records stay intact.
    ctx.ownTarget = createTarget(creator, ctx);
    lines.push(...ctx.ownTarget);
    ctx.values = pathValues(ep.path, { [lastParam(ep.path)!]: '_target' });
  }
  ctx.pathExpr = `path(${JSON.stringify(ep.path)}, ${ctx.values})`;
  lines.push(...bodyLines(ctx));
  const body = lines.map((l) => (l ? `    ${l}` : l)).join('\n');
  return `${header(c)}${imports(body)}\n\ntry:\n${body}\nfinally:\n    cleanup()\n`;
}

function createTarget(creator: ApiEndpoint, ctx: GenContext): string[] {
  const body = validBody(creator);
  if (creator.putCreates) {
    const key = lastParam(creator.path)!;
    return [
      `_target = ${keyExpr(creator)}`,
      `_setup = call("PUT", path(${JSON.stringify(creator.path)}, ${pathValues(creator.path, { [key]: '_target' })}), ${toPy(withKey(creator, body ?? {}, '_target'))}${headerArg(creator)})`,
      ctx.track('_setup', creator, '_target'),
      `assert 200 <= _setup.status < 300, f"could not create a record to work on: PUT ${fs(creator.path)} answered {_setup.status}: {_setup.text[:300]}"`,
    ];
  }
  return [
    `_setup = call("POST", path(${JSON.stringify(creator.path)}, ${pathValues(creator.path)}), ${toPy(body ?? {})})`,
    `assert 200 <= _setup.status < 300, f"could not create a record to work on: ${fs(creator.method + ' ' + creator.path)} answered {_setup.status}: {_setup.text[:300]}"`,
    ctx.track('_setup', creator),
    `_target = pick_id(_setup, ${JSON.stringify(creator.idField ?? 'id')})`,
    `assert _target is not None, f"${fs(creator.method + ' ' + creator.path)} returned no id: {_setup.text[:300]}"`,
  ];
}

/**
 * Creates whose records a DELETE must leave alone: the record's own kind (a sibling) and every
 * other top-level collection that can be created, read back and deleted again.
 */
function witnessesFor(endpoints: ApiEndpoint[], readBack: GenContext['readBack']): ApiEndpoint[] {
  return endpoints.filter((e) => e.method === 'POST' && !/\{/.test(e.path) && e.deleteOf && createdResource(e) && readBack(e, '_x')).slice(0, 6);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One test per selected case, ready to store with its dependency declarations; hostile probes
 * last, least likely to bring the app down first (a wave starts its tests in creation order).
 */
export function generateSuite(cases: PlannedCase[], endpoints: ApiEndpoint[]): GeneratedTest[] {
  const rank = (c: PlannedCase) => (c.testCategory === 'hostile' ? 1 + HOSTILE.indexOf(c.kind) : 0);
  return cases
    .filter((c) => c.selected)
    .sort((a, b) => rank(a) - rank(b))
    .map((c) => ({
      caseId: c.id,
      name: c.title,
      description: c.description,
      priority: c.priority,
      category: c.testCategory,
      produces: c.produces,
      needs: c.needs,
      code: generateTestCode(c, endpoints),
    }));
}
