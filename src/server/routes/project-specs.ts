import { providerFromEnv } from '../../ai/provider.js';
import { SvcError } from '../../contract/errors.js';
import { MAX_PRD_BYTES } from '../../contract/generation.js';
import { discoverProject, editEndpoint, extractFeatures, getFeatures, listEndpoints, putDocs, putPrd } from '../../contract/generation-endpoints.js';
import { parseApiDocs } from '../../discovery/docs.js';
import { editEndpoints } from '../../discovery/edit.js';
import { extractFeatureMap, extractPrdText } from '../../discovery/feature-map.js';
import { applyProbe, probe } from '../../discovery/probe.js';
import { staticAuth } from '../../engine/auth.js';
import { getSpecs, patchSpecs } from '../../store/repos/generation.js';
import { nowIso } from '../../util/ids.js';
import { credentialAuth, endpointListView, featureMapView, requireBackend, requireEndpoints, saveEndpoints } from '../generation/specs.js';
import { ownProject } from '../project-view.js';
import type { RouteRegistrar } from '../routes.js';
import { assertTargetUrl, guardedFetch } from '../../engine/target-guard.js';

/** PRD and feature map (both project types); API docs, discovery and endpoint review (backend). */
export const registerProjectSpecs: RouteRegistrar = (app, { mount }) => {
  mount(app, putPrd, async ({ params, body, auth, deps }) => {
    const p = await ownProject(deps, auth.userId, params.projectId);
    const buffer = Buffer.from(body.content, body.encoding === 'base64' ? 'base64' : 'utf8');
    if (buffer.length > MAX_PRD_BYTES) {
      throw new SvcError('PAYLOAD_TOO_LARGE', `a PRD must be at most ${MAX_PRD_BYTES} bytes (4 MB); ${body.filename} is ${buffer.length}`, { nextAction: 'Upload the requirements part only, as Markdown or text.' });
    }
    const text = await extractPrdText(buffer, body.filename);
    if (!text.trim()) throw new SvcError('VALIDATION_ERROR', `${body.filename} has no text`, { nextAction: 'Upload a PRD with content.' });
    const featureMap = await extractFeatureMap(text, { provider: providerFromEnv() });
    const now = nowIso();
    const row = await patchSpecs(deps.store.db, p.id, {
      prd_filename: body.filename, prd_bytes: buffer.length, prd_text: text, prd_uploaded_at: now,
      feature_map: JSON.stringify(featureMap), features_extracted_at: now,
    });
    return featureMapView(p.id, row);
  });

  mount(app, getFeatures, async ({ params, auth, deps }) => {
    const p = await ownProject(deps, auth.userId, params.projectId);
    return featureMapView(p.id, await getSpecs(deps.store.db, p.id));
  });

  mount(app, extractFeatures, async ({ params, auth, deps }) => {
    const p = await ownProject(deps, auth.userId, params.projectId);
    const row = await getSpecs(deps.store.db, p.id);
    if (!row?.prd_text) {
      throw new SvcError('VALIDATION_ERROR', `project '${p.id}' has no PRD to extract features from`, { nextAction: "Upload one with 'svc project prd put <project-id> --file PRD.md' (optional: planning works without it)." });
    }
    const featureMap = await extractFeatureMap(row.prd_text, { provider: providerFromEnv() });
    return featureMapView(p.id, await patchSpecs(deps.store.db, p.id, { feature_map: JSON.stringify(featureMap), features_extracted_at: nowIso() }));
  });

  mount(app, putDocs, async ({ params, body, auth, deps }) => {
    const p = await ownProject(deps, auth.userId, params.projectId);
    requireBackend(p, 'API documentation');
    const docs = await parseApiDocs(body.content, { filename: body.filename });
    const row = await saveEndpoints(deps, p.id, docs.endpoints, {
      docs_format: docs.format, docs_title: docs.title ?? null, docs_warnings: JSON.stringify(docs.warnings), probes: null, probed_at: null,
    });
    return endpointListView(p.id, row);
  });

  mount(app, discoverProject, async ({ params, auth, deps }) => {
    const p = await ownProject(deps, auth.userId, params.projectId);
    requireBackend(p, 'Discovery');
    const { row, endpoints } = await requireEndpoints(deps, p);
    if (!p.url) {
      throw new SvcError('VALIDATION_ERROR', `project '${p.id}' has no base URL to probe`, { nextAction: "Set it with 'svc project update <project-id> --url https://api.example.com'." });
    }
    const base = await assertTargetUrl(deps.config.targetPolicy, p.url, 'url');
    const results = await probe(base, endpoints, { headers: staticAuth(p.credential).headers }, { deadlineMs: 30_000, maxRequests: 80, fetch: guardedFetch(deps.config.targetPolicy) });
    const warnings = JSON.parse(row.docs_warnings ?? '[]') as string[];
    if (p.autoAuth?.enabled && !p.credential) warnings.push('discover probes with the static credential only; auto-auth tokens are fetched for runs');
    const saved = await saveEndpoints(deps, p.id, applyProbe(endpoints, results, credentialAuth(p)), {
      probes: JSON.stringify(results), probed_at: nowIso(), docs_warnings: JSON.stringify([...new Set(warnings)]),
    });
    return endpointListView(p.id, saved);
  });

  mount(app, listEndpoints, async ({ params, auth, deps }) => {
    const p = await ownProject(deps, auth.userId, params.projectId);
    requireBackend(p, 'The endpoint list');
    return endpointListView(p.id, await getSpecs(deps.store.db, p.id));
  });

  mount(app, editEndpoint, async ({ params, body, auth, deps }) => {
    const p = await ownProject(deps, auth.userId, params.projectId);
    requireBackend(p, 'The endpoint list');
    const current = JSON.parse((await getSpecs(deps.store.db, p.id))?.endpoints ?? '[]');
    const next = editEndpoints(current, body);
    return endpointListView(p.id, await saveEndpoints(deps, p.id, next));
  });
};
