import { SvcError } from '../contract/errors.js';
import type { ModelProvider } from '../ai/provider.js';
import type { ApiEndpoint, CaseKind, PlannedCase, Priority } from '../contract/discovery.js';
import { CASE_CATEGORIES } from '../contract/discovery.js';
import { endpointId, normalizePath } from './paths.js';
import { makeCase, slugOf, type PlanContext } from './planner-cases.js';
import { createdResource, variableFor } from './pairing.js';

export const SUPPORTED_FORMS = [
  'test <METHOD> <path> with <condition> and expect <status>   (conditions: an unknown id, invalid parameters, missing <field>, no credentials, a bad token, malformed JSON, a wrong content type, a duplicate <field>, a large payload, <field>=<value>)',
  'select|deselect <case id | category> cases | cases for <METHOD> <path> | all',
  'make <case> p0..p3   /   set priority of <case> to p1',
  'expect <status> for <case>   /   <case> should return <status>',
  'describe <case> as "<text>"   /   rename <case> to "<title>"',
  'remove case <case>',
  'add teardown for DELETE <path>',
];

export interface CaseEditResult {
  cases: PlannedCase[];
  changed: string[];
  summary: string;
}

const CONDITIONS: [RegExp, CaseKind][] = [
  [/\b(unknown|non-?existent|missing|invalid|bad|wrong|random|fake)\s+(id|identifier)\b|\bid that does not exist\b/i, 'unknown-id'],
  [/\b(no|missing|without)\s+(credentials?|auth\w*|token|api key)\b/i, 'auth-missing'],
  [/\b(bad|invalid|expired|wrong|revoked)\s+(credentials?|token|api key|auth\w*)\b/i, 'auth-bad'],
  [/\bwrong[- ]scheme\b/i, 'auth-wrong-scheme'],
  [/\bmalformed\s+json\b|\binvalid json\b/i, 'malformed-json'],
  [/\b(wrong|bad|invalid)\s+content[- ]type\b/i, 'wrong-content-type'],
  [/\bduplicate\b/i, 'duplicate'],
  [/\b(large|huge|big)\s+(payload|body)\b/i, 'large-payload'],
  [/\b(empty body|missing (required )?fields?|without required)\b/i, 'missing-required'],
  [/\b(missing|without)\s+`?(\w+)`?/i, 'missing-required'],
  [/\b(invalid|wrong)\s+(param\w*|types?|input|body|data|values?)\b/i, 'wrong-types'],
  [/\b(\w+)\s*(=|set to)\s*("[^"]*"|'[^']*'|\S+)/i, 'custom-body'],
];

function fail(message: string): never {
  throw new SvcError('VALIDATION_ERROR', message, { nextAction: `Supported forms:\n- ${SUPPORTED_FORMS.join('\n- ')}` });
}

function findEndpoint(endpoints: ApiEndpoint[], method: string, path: string): ApiEndpoint {
  const p = normalizePath(path);
  const shape = (x: string) => x.replace(/\{[^}]+\}/g, '{}');
  const ep = endpoints.find((e) => e.id === endpointId(method, p)) ?? endpoints.find((e) => e.method === method.toUpperCase() && shape(e.path) === shape(p));
  if (!ep) throw new SvcError('NOT_FOUND', `No endpoint ${method.toUpperCase()} ${p}`, { nextAction: 'Add the endpoint in discovery first, or check the path' });
  return ep;
}

/** A case named by id, by "METHOD /path", or by the words of its title. Ambiguity is an error. */
export function resolveCase(cases: PlannedCase[], ref: string): PlannedCase {
  const r = ref.trim().replace(/^(the|case|test)\s+/i, '').replace(/\s+(case|test)$/i, '').trim();
  const exact = cases.find((c) => c.id === r);
  if (exact) return exact;
  const words = r.toLowerCase().split(/[^a-z0-9{}/-]+/).filter((w) => w && !/^(the|case|test|a|an|of|for|with)$/.test(w));
  const hits = cases.filter((c) => {
    const hay = `${c.id} ${c.title} ${c.kind} ${c.method} ${c.path} ${c.category}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
  if (hits.length === 1) return hits[0]!;
  if (!hits.length) fail(`No case matches "${ref}"`);
  throw new SvcError('VALIDATION_ERROR', `"${ref}" matches ${hits.length} cases: ${hits.slice(0, 8).map((c) => c.id).join(', ')}`, { nextAction: 'Name the case by its id' });
}

function statuses(text: string): number[] {
  return [...text.matchAll(/\b([1-5]\d\d)\b/g)].map((m) => Number(m[1]));
}

function value(raw: string): unknown {
  const v = raw.replace(/^["']|["']$/g, '');
  if (/^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  if (v === 'true' || v === 'false') return v === 'true';
  if (v === 'null') return null;
  return v;
}

/**
 * Applies one natural-language request to the case list by rules (deterministic). A request the
 * rules do not understand is a VALIDATION_ERROR that lists the supported forms.
 */
export function applyCaseInstruction(cases: PlannedCase[], endpoints: ApiEndpoint[], instruction: string): CaseEditResult {
  const s = instruction.trim().replace(/[.!]+$/, '');
  const replace = (c: PlannedCase, summary: string): CaseEditResult => ({ cases: cases.map((x) => (x.id === c.id ? c : x)), changed: [c.id], summary });
  let m: RegExpMatchArray | null;

  if ((m = s.match(/^(?:please\s+)?(?:test|check|verify)\s+(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(\S+)\s+(?:with|using|when|sending)\s+(.+?)(?:,?\s+(?:and\s+)?(?:expect|expecting|should (?:return|get|answer))\s+(.+))?$/i))) {
    const ep = findEndpoint(endpoints, m[1]!, m[2]!);
    const cond = m[3]!;
    const hit = CONDITIONS.find(([re]) => re.test(cond));
    if (!hit) fail(`Condition "${cond}" is not understood`);
    const kind = hit[1];
    const cm = cond.match(hit[0])!;
    const input: PlannedCase['input'] = {};
    if (kind === 'missing-required' && /^(missing|without)$/i.test(cm[1] ?? '') && cm[2] && !/^(required|fields?)$/i.test(cm[2])) input.field = cm[2];
    if (kind === 'duplicate') input.field = cond.match(/duplicate\s+`?(\w+)`?/i)?.[1] ?? 'email';
    if (kind === 'custom-body') Object.assign(input, { field: cm[1], value: value(cm[3]!) });
    if (kind === 'missing-required' && /empty body/i.test(cond)) input.body = {};
    const expect = m[4] ? statuses(m[4]) : [];
    const ctx: PlanContext = { producers: new Map(endpoints.filter((e) => createdResource(e)).map((e) => [variableFor(createdResource(e)!), e])), authFamilies: new Set() };
    const fresh = makeCase(ep, kind, ctx, { title: `${ep.method} ${ep.path} with ${cond}${expect.length ? ` answers ${expect.join('/')}` : ''}`, description: `Requested: ${s}.`, ...(Object.keys(input).length ? { input } : {}) });
    const existing = cases.find((c) => c.endpointId === ep.id && c.kind === kind && (c.input?.field ?? null) === (input.field ?? null) && c.origin === 'instruction') ?? cases.find((c) => c.endpointId === ep.id && c.kind === kind && !input.field && !c.input?.field);
    const base = existing ?? fresh;
    const next: PlannedCase = { ...base, selected: true, origin: existing?.origin ?? 'instruction', description: `${base.description} Requested: ${s}.`.slice(0, 2000) };
    if (Object.keys(input).length) next.input = input;
    if (expect.length) next.expect = { ...base.expect, status: expect };
    if (existing) return replace(next, `updated ${next.id}`);
    let id = `${slugOf(ep)}.${kind}${input.field ? `.${input.field}` : ''}`;
    for (let i = 2; cases.some((c) => c.id === id); i++) id = `${slugOf(ep)}.${kind}${input.field ? `.${input.field}` : ''}.${i}`;
    next.id = id;
    return { cases: [...cases, next], changed: [id], summary: `added ${id}` };
  }
  if ((m = s.match(/^(select|deselect|include|exclude|enable|disable)\s+(.+)$/i))) {
    const on = /^(select|include|enable)$/i.test(m[1]!);
    const target = m[2]!.trim().replace(/\s+(cases|tests)$/i, '');
    let pick: (c: PlannedCase) => boolean;
    const ep = target.match(/^(?:cases |tests )?for\s+(GET|POST|PUT|PATCH|DELETE)\s+(\S+)$/i);
    const cat = CASE_CATEGORIES.find((k) => k === target.toLowerCase().replace(/^(the|all)\s+/, '').replace(/ probes?$/, ''));
    if (/^all$/i.test(target)) pick = () => true;
    else if (ep) {
      const e = findEndpoint(endpoints, ep[1]!, ep[2]!);
      pick = (c) => c.endpointId === e.id;
    } else if (cat) pick = (c) => c.category === cat;
    else if (/^p[0-3]$/i.test(target)) pick = (c) => c.priority === target.toLowerCase();
    else {
      const one = resolveCase(cases, target);
      pick = (c) => c.id === one.id;
    }
    const changed = cases.filter(pick).map((c) => c.id);
    return { cases: cases.map((c) => (pick(c) ? { ...c, selected: on } : c)), changed, summary: `${on ? 'selected' : 'deselected'} ${changed.length} case(s)` };
  }
  if ((m = s.match(/^(?:make|set)\s+(.+?)\s+(?:to\s+)?(?:priority\s+)?(p[0-3])$/i)) || (m = s.match(/^set priority of\s+(.+?)\s+to\s+(p[0-3])$/i))) {
    const c = resolveCase(cases, m[1]!);
    return replace({ ...c, priority: m[2]!.toLowerCase() as Priority }, `${c.id} is now ${m[2]!.toLowerCase()}`);
  }
  if ((m = s.match(/^expect\s+([\d/, or]+)\s+(?:for|from|on)\s+(.+)$/i)) || (m = s.match(/^(.+?)\s+should\s+(?:return|answer|get)\s+([\d/, or]+)$/i))) {
    const [ref, codes] = /^expect/i.test(s) ? [m[2]!, m[1]!] : [m[1]!, m[2]!];
    const c = resolveCase(cases, ref);
    return replace({ ...c, expect: { ...c.expect, status: statuses(codes) } }, `${c.id} now expects ${statuses(codes).join('/')}`);
  }
  if ((m = s.match(/^(describe|rename)\s+(.+?)\s+(?:as|to)\s+["“](.+)["”]$/i))) {
    const c = resolveCase(cases, m[2]!);
    const next = /describe/i.test(m[1]!) ? { ...c, description: m[3]!.slice(0, 2000) } : { ...c, title: m[3]!.slice(0, 200) };
    return replace(next, `${c.id} ${/describe/i.test(m[1]!) ? 'described' : 'renamed'}`);
  }
  if ((m = s.match(/^(?:remove|delete|drop)\s+(?:the\s+)?(?:case|test)\s+(.+)$/i))) {
    const c = resolveCase(cases, m[1]!);
    return { cases: cases.filter((x) => x.id !== c.id), changed: [c.id], summary: `removed ${c.id}` };
  }
  if ((m = s.match(/^add (?:a )?teardown(?: case| test)? for DELETE\s+(\S+)$/i))) {
    const ep = findEndpoint(endpoints, 'DELETE', m[1]!);
    const c = makeCase(ep, 'delete', { producers: new Map(), authFamilies: new Set() }, { title: `${ep.method} ${ep.path} removes the shared record at the end`, description: `Requested: ${s}.` });
    const vars = [...ep.path.matchAll(/\{([^}]+)\}/g)].length ? c.needs : [];
    const next: PlannedCase = { ...c, id: `${slugOf(ep)}.teardown`, testCategory: 'teardown', origin: 'instruction', needs: vars };
    if (cases.some((x) => x.id === next.id)) fail(`Case ${next.id} already exists`);
    return { cases: [...cases, next], changed: [next.id], summary: `added ${next.id}` };
  }
  fail(`The request "${instruction}" is not understood`);
}

/**
 * Rules first; when they do not understand the request and a model is configured, the model only
 * rewrites it into one of the supported forms, which the rules then apply.
 */
export async function applyCaseInstructionWithProvider(cases: PlannedCase[], endpoints: ApiEndpoint[], instruction: string, provider?: ModelProvider): Promise<CaseEditResult> {
  try {
    return applyCaseInstruction(cases, endpoints, instruction);
  } catch (e) {
    if (!provider?.available || !(e instanceof SvcError) || e.code !== 'VALIDATION_ERROR') throw e;
    const rewritten = await provider.complete({
      temperature: 0,
      messages: [
        { role: 'system', content: `Rewrite the user's request as exactly one line in one of these forms, nothing else:\n${SUPPORTED_FORMS.join('\n')}` },
        { role: 'user', content: `Endpoints: ${endpoints.map((x) => x.id).join(', ')}\nCases: ${cases.map((c) => c.id).join(', ')}\nRequest: ${instruction}` },
      ],
    });
    return applyCaseInstruction(cases, endpoints, rewritten.split('\n')[0]!.trim());
  }
}
