import { SvcError } from '../../contract/errors.js';
import type { ApiEndpoint, AuthKind, FeatureMap, ProbeResult } from '../../contract/discovery.js';
import type { EndpointList, FeatureMapView } from '../../contract/generation.js';
import { requiredHeaders } from '../../discovery/codegen-kinds.js';
import { annotateEndpoints, pairDeletes } from '../../discovery/pairing.js';
import { parseJson } from '../../store/db.js';
import { getSpecs, patchSpecs, type SpecsPatch, type SpecsRow } from '../../store/repos/generation.js';
import { patchProjectSettings, type ProjectData } from '../../store/repos/projects.js';
import type { ServerDeps } from '../context.js';

/** Generation state of a project, decoded. */
export function endpointsOf(row: SpecsRow | undefined): ApiEndpoint[] {
  return parseJson<ApiEndpoint[]>(row?.endpoints, []);
}

export function featureMapOf(row: SpecsRow | undefined): FeatureMap | null {
  return parseJson<FeatureMap | null>(row?.feature_map, null);
}

export function featureMapView(projectId: string, row: SpecsRow | undefined): FeatureMapView {
  return {
    projectId,
    prd: row?.prd_filename ? { filename: row.prd_filename, bytes: row.prd_bytes ?? 0, chars: row.prd_text?.length ?? 0, uploadedAt: row.prd_uploaded_at ?? row.updated_at } : null,
    featureMap: featureMapOf(row),
    extractedAt: row?.features_extracted_at ?? null,
  };
}

/**
 * Creates whose records another path deletes (`POST /posts/{id}/comments` → `DELETE
 * /comments/{id}`), as `project endpoints` pairs them: cleanup names and deletes such a record
 * under the DELETE path, not under the path it was created through.
 */
export function deletePairsOf(endpoints: ApiEndpoint[]): { create: string; delete: string }[] {
  const byId = new Map(endpoints.map((e) => [e.id, e]));
  return endpoints
    .filter((e) => e.method === 'POST' && e.deleteOf && byId.get(e.deleteOf))
    .map((e) => ({ create: e.path, delete: byId.get(e.deleteOf!)!.path }));
}

/** Headers a DELETE requires (`X-Requested-With: …`), by its path: the run's cleanup sends them. */
export function deleteHeadersOf(endpoints: ApiEndpoint[]): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const e of endpoints.filter((x) => x.method === 'DELETE')) {
    const headers = requiredHeaders(e);
    if (headers) out[e.path] = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  }
  return out;
}

/** Paths that have a DELETE: the run's cleanup deletes created records only through these. */
export function deleteTemplatesOf(endpoints: ApiEndpoint[]): string[] {
  return [...new Set(endpoints.filter((e) => e.method === 'DELETE').map((e) => e.path))].sort();
}

export function endpointListView(projectId: string, row: SpecsRow | undefined): EndpointList {
  const endpoints = endpointsOf(row);
  const { pairs, orphans } = pairDeletes(endpoints);
  return {
    projectId,
    format: (row?.docs_format as EndpointList['format']) ?? null,
    title: row?.docs_title ?? null,
    endpoints,
    pairs,
    orphans,
    deleteTemplates: deleteTemplatesOf(endpoints),
    warnings: parseJson<string[]>(row?.docs_warnings, []),
    probes: parseJson<ProbeResult[]>(row?.probes, []),
    probedAt: row?.probed_at ?? null,
    updatedAt: row?.endpoints ? row.updated_at : null,
  };
}

/**
 * Stores a reviewed endpoint list and points the project's cleanup at its DELETE paths, so a run
 * deletes what the docs say can be deleted and reports the rest as "Might be orphaned".
 */
export async function saveEndpoints(deps: ServerDeps, projectId: string, endpoints: ApiEndpoint[], extra: SpecsPatch = {}): Promise<SpecsRow> {
  const list = annotateEndpoints(endpoints);
  const row = await patchSpecs(deps.store.db, projectId, { ...extra, endpoints: JSON.stringify(list) });
  await patchProjectSettings(deps.store.db, projectId, { deleteTemplates: deleteTemplatesOf(list), deletePairs: deletePairsOf(list), deleteHeaders: deleteHeadersOf(list) });
  return row;
}

export function requireBackend(p: ProjectData, what: string): void {
  if (p.type !== 'backend') {
    throw new SvcError('VALIDATION_ERROR', `${what} belongs to backend projects; project '${p.id}' is a frontend project`, {
      nextAction: "Use 'svc project explore <project-id>' for a frontend project.",
    });
  }
}

export function requireFrontend(p: ProjectData, what: string): void {
  if (p.type !== 'frontend') {
    throw new SvcError('VALIDATION_ERROR', `${what} belongs to frontend projects; project '${p.id}' is a backend project`, {
      nextAction: "Use 'svc project docs put' and 'svc project discover' for a backend project.",
    });
  }
}

/** Endpoints of a backend project, or a validation error saying how to get them. */
export async function requireEndpoints(deps: ServerDeps, p: ProjectData): Promise<{ row: SpecsRow; endpoints: ApiEndpoint[] }> {
  const row = await getSpecs(deps.store.db, p.id);
  const endpoints = endpointsOf(row);
  if (!row || !endpoints.length) {
    throw new SvcError('VALIDATION_ERROR', `project '${p.id}' has no endpoints yet`, {
      nextAction: "Upload API docs with 'svc project docs put <project-id> --file F' or add endpoints with 'svc project endpoints <project-id> --add \"GET /path\"'.",
    });
  }
  return { row, endpoints };
}

/** The endpoint auth kind the project's static credential stands for. */
export function credentialAuth(p: ProjectData): AuthKind {
  switch (p.credential?.type) {
    case 'Bearer token':
      return 'bearer';
    case 'API key':
      return 'apiKey';
    case 'basic token':
      return 'basic';
    default:
      return p.autoAuth?.enabled ? 'bearer' : 'none';
  }
}
