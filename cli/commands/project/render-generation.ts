import type { EndpointList, Exploration, FeatureMapView } from '../../../src/contract/generation.js';
import { oneLine, renderTable } from '../../../src/output/table.js';

export function renderFeatureMap(v: FeatureMapView): string {
  if (!v.prd || !v.featureMap) return `project ${v.projectId} has no PRD: no feature map (planning falls back to docs, URL and exploration)\n`;
  let s = `PRD ${v.prd.filename} (${v.prd.bytes} bytes), extracted ${v.extractedAt ?? '-'}\n`;
  s += `${v.featureMap.features.length} feature(s), ${v.featureMap.features.reduce((n, f) => n + f.useCases.length, 0)} use case(s), ${v.featureMap.flows.length} flow(s)\n\n`;
  for (const f of v.featureMap.features) {
    s += `${f.name}  [${f.id}]\n`;
    for (const u of f.useCases) s += `  - ${u.name}  [${u.id}]\n`;
  }
  if (v.featureMap.flows.length) {
    s += '\nflows:\n';
    for (const f of v.featureMap.flows) s += `  ${f.from} -> ${f.to}${f.label ? `  (${f.label})` : ''}\n`;
  }
  for (const w of v.featureMap.warnings ?? []) s += `warning: ${w}\n`;
  return s;
}

/** Endpoints with auth, the probe's evidence and the DELETE that cleans up after each create. */
export function renderEndpoints(v: EndpointList & { nextToken?: string | null }): string {
  const probes = new Map(v.probes.map((p) => [p.endpointId, p]));
  const orphans = new Set(v.orphans.map((o) => o.createId));
  const rows = v.endpoints.map((e) => {
    const p = probes.get(e.id);
    const probe = p ? (p.reachable ? `${p.method} ${p.status}${p.requiresAuth === true ? ' auth' : p.requiresAuth === false ? ` open${e.auth !== 'none' && e.auth !== 'unknown' ? ` (documented: ${e.auth})` : ''}` : ''}` : `skipped`) : '';
    return [e.id, e.auth, e.family, e.deleteOf ? `deleted by ${e.deleteOf}` : orphans.has(e.id) ? 'Might be orphaned (no DELETE)' : '', probe];
  });
  let s = `${v.format ? `${v.title ?? 'API'} (${v.format})` : 'no docs uploaded'}: ${v.endpoints.length} endpoint(s), ${v.pairs.length} create/DELETE pair(s), ${v.orphans.length} orphan candidate(s)${v.probedAt ? `, probed ${v.probedAt}` : ''}\n`;
  s += renderTable(['ENDPOINT', 'AUTH', 'FAMILY', 'CLEANUP', 'PROBE'], rows);
  for (const w of v.warnings) s += `warning: ${w}\n`;
  if (v.nextToken) s += `nextToken: ${v.nextToken}\n`;
  return s;
}

export function renderExploration(e: Exploration): string {
  const c = e.counts;
  let s = `exploration ${e.id}: ${e.status}${e.withAccount ? ' (with test account' + (e.signedIn === false ? `, sign-in failed: ${e.signInError ?? 'unknown'}` : '') + ')' : ' (no test account)'}${e.only.length ? ` retry of ${e.only.join(', ')}` : ''}\n`;
  s += `${e.features.length} feature(s): ${c.done} done, ${c.failed} failed, ${c.blocked} blocked, ${c.exploring} exploring\n`;
  if (e.error) s += `error: ${e.error}\n`;
  s += renderTable(['FEATURE', 'NAME', 'STATUS', 'URL', 'RECORDINGS', 'REASON'], e.features.map((f) => [f.id, f.name, f.status, f.url, f.recordings.length, f.reason ?? '']));
  // While it runs, the step each feature is on (as the portal's live view words it) and its newest screenshot.
  const inFlight = e.features.filter((f) => f.status === 'exploring');
  if (inFlight.length) {
    s += 'in flight:\n';
    for (const f of inFlight) {
      const c = f.current;
      s += `  ${f.id}: ${c ? `step ${c.index + 1} (${c.status}): ${oneLine(c.description)}${c.screenshot ? `; latest screenshot ${c.screenshot}` : ''}` : 'opening the feature'}\n`;
    }
  }
  s += `recordings under ${e.artifactsDir}\n`;
  return s;
}
