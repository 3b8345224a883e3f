import type { ApiEndpoint, FeatureMap, PlannedCase } from '../contract/discovery.js';
import { annotateEndpoints, createdResource, variableFor } from './pairing.js';
import { casesForEndpoint, type PlanContext } from './planner-cases.js';
import { applyFocus, parseFocus } from './planner-focus.js';
import { paramVariables, singular } from './paths.js';

export interface PlanOptions {
  featureMap?: FeatureMap;
  /** Natural-language focus instructions of the project. */
  instructions?: string;
}
export interface BackendPlan {
  cases: PlannedCase[];
  warnings: string[];
}

/**
 * Backend test cases by category for a reviewed endpoint list. Deterministic: the same endpoints,
 * feature map and instructions give the same cases, ids and order. Creates produce `<thing>_id`;
 * every case needing an id declares it, and the create that produces it is kept in the plan even
 * when the focus leaves its endpoint out.
 */
export function planBackendCases(endpoints: ApiEndpoint[], opts: PlanOptions = {}): BackendPlan {
  const eps = annotateEndpoints(endpoints);
  const byId = new Map(eps.map((e) => [e.id, e]));
  const producers = new Map<string, ApiEndpoint>();
  // The paired create wins when several endpoints create the same kind of record.
  for (const ep of [...eps].sort((a, b) => Number(!!b.deleteOf) - Number(!!a.deleteOf))) {
    const r = createdResource(ep);
    if (r && !producers.has(variableFor(r))) producers.set(variableFor(r), ep);
  }
  const ctx: PlanContext = { producers, authFamilies: new Set(), all: eps };
  const all = eps.flatMap((ep) => casesForEndpoint(ep, ctx));
  const focus = parseFocus(opts.instructions);
  const warnings = [...focus.warnings];
  let cases = applyFocus(all, byId, focus);

  // Chains: a case needing a variable keeps (or regains) the create that produces it.
  const creates = new Map(all.filter((c) => c.kind === 'create').map((c) => [c.produces[0]!, c]));
  for (let guard = 0; guard < 10; guard++) {
    const have = new Set(cases.flatMap((c) => c.produces));
    const missing = [...new Set(cases.flatMap((c) => c.needs))].filter((v) => !have.has(v));
    const addable = missing.map((v) => creates.get(v)).filter((c): c is PlannedCase => !!c && !focus.readOnly);
    if (!addable.length) break;
    cases = [...cases, ...addable.map((c) => ({ ...c, description: `${c.description} Kept because other cases need ${c.produces[0]}.`.slice(0, 2000) }))];
  }
  const have = new Set(cases.flatMap((c) => c.produces));
  cases = cases.map((c) => {
    const lacking = c.needs.filter((v) => !have.has(v));
    if (!lacking.length) return c;
    const example = onConfirmedExample(c, byId.get(c.endpointId)!, lacking);
    if (example) return example;
    return { ...c, selected: false, description: `${c.description} Deselected: nothing in the plan produces ${lacking.join(', ')}.`.slice(0, 2000) };
  });

  if (opts.featureMap) cases = linkFeatures(cases, byId, opts.featureMap);
  const order = new Map(all.map((c, i) => [c.id, i]));
  cases.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  if (!cases.length) warnings.push('the focus instructions left no cases to plan');
  return { cases, warnings };
}

/**
 * A case reading what nothing in the plan creates can read the record the document's example
 * names, once a GET during discovery found it there (`examplePath`): a read-only case on a record
 * the user's data already holds.
 */
function onConfirmedExample(c: PlannedCase, ep: ApiEndpoint, lacking: string[]): PlannedCase | undefined {
  if (c.method !== 'GET' || !ep.examplePath) return undefined;
  const example = ep.examplePath;
  const filled = Object.entries(paramVariables(ep.path)).filter(([, v]) => lacking.includes(v));
  const params = filled.map(([p]) => p);
  // Every lacking variable is a path parameter, and every such parameter has an example.
  if (!lacking.every((v) => filled.some(([, x]) => x === v)) || params.some((p) => example[p] === undefined)) return undefined;
  const path = Object.fromEntries(params.map((p) => [p, example[p]!]));
  const named = params.map((p) => `${p} ${JSON.stringify(path[p])}`).join(', ');
  return {
    ...c,
    needs: c.needs.filter((v) => !lacking.includes(v)),
    input: { ...c.input, path },
    description: `${c.description} Nothing in the plan creates one: it reads the document's example (${named}), which answered during discovery.`.slice(0, 2000),
  };
}

/**
 * Cases of endpoints a PRD use case talks about carry that use case; their happy path is p0,
 * so planning follows the intent of the product.
 */
function linkFeatures(cases: PlannedCase[], byId: Map<string, ApiEndpoint>, map: FeatureMap): PlannedCase[] {
  const words = (ep: ApiEndpoint) => {
    const last = ep.family.split('.').pop() ?? ep.family;
    return [last, singular(last)].filter((w) => w.length > 2);
  };
  return cases.map((c) => {
    const ep = byId.get(c.endpointId)!;
    const ws = words(ep);
    const hit = (text: string) => ws.some((w) => new RegExp(`\\b${w}`, 'i').test(text)) || text.includes(ep.path);
    // A feature named after the resource wins over one whose use cases merely mention it.
    const ranked = [...map.features.filter((f) => hit(f.name)), ...map.features.filter((f) => !hit(f.name))];
    for (const f of ranked) {
      const uc = f.useCases.find((u) => hit(`${u.name} ${u.description}`));
      if (!uc && !hit(`${f.name} ${f.description}`)) continue;
      const next: PlannedCase = { ...c, featureId: f.id };
      if (uc) {
        next.useCaseId = uc.id;
        if (c.category === 'functional') next.priority = 'p0';
        next.description = `${c.description} Use case: ${uc.name}.`.slice(0, 2000);
      }
      return next;
    }
    return c;
  });
}
