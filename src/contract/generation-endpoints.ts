import { z } from 'zod';
import { Id } from './common.js';
import { endpoint } from './endpoint.js';
import {
  DocsPutBody, EndpointEditBody, EndpointList, Exploration, ExploreBody, FeatureMapView, PlanAccepted,
  PlanEditBody, PlanGenerateBody, PlanListQuery, PlanSelectBody, PlanView, PrdPutBody,
} from './generation.js';

const byId = z.object({ projectId: Id });
const tag = 'generation';

export const putPrd = endpoint({
  id: 'project.prd-put', method: 'PUT', path: '/projects/{projectId}/prd', tag, scope: 'write:projects',
  summary: 'Upload (replace) the PRD (Markdown, text or PDF) and extract the feature map from it',
  params: byId, body: PrdPutBody, response: FeatureMapView, idempotent: true,
});

export const getFeatures = endpoint({
  id: 'project.features', method: 'GET', path: '/projects/{projectId}/features', tag, scope: 'read:projects',
  summary: 'The feature map of the PRD: features, use cases, flows (null without a PRD)',
  params: byId, response: FeatureMapView,
});

export const extractFeatures = endpoint({
  id: 'project.features-extract', method: 'POST', path: '/projects/{projectId}/features/extract', tag, scope: 'write:projects',
  summary: 'Re-extract the feature map from the stored PRD',
  params: byId, response: FeatureMapView,
});

export const putDocs = endpoint({
  id: 'project.docs-put', method: 'PUT', path: '/projects/{projectId}/docs', tag, scope: 'write:projects',
  summary: 'Upload API docs (format detected); stores the endpoints and points cleanup at their DELETEs',
  params: byId, body: DocsPutBody, response: EndpointList, idempotent: true,
});

export const discoverProject = endpoint({
  id: 'project.discover', method: 'POST', path: '/projects/{projectId}/discover', tag, scope: 'write:projects',
  summary: 'Probe the base URL with safe requests (GET/OPTIONS only) to confirm auth and response shapes',
  params: byId, response: EndpointList, trigger: true,
});

export const listEndpoints = endpoint({
  id: 'project.endpoints', method: 'GET', path: '/projects/{projectId}/endpoints', tag, scope: 'read:projects',
  summary: 'The reviewed endpoint list with DELETE pairing',
  params: byId, response: EndpointList,
});

export const editEndpoint = endpoint({
  id: 'project.endpoints-edit', method: 'POST', path: '/projects/{projectId}/endpoints/edit', tag, scope: 'write:projects',
  summary: 'Change method, path or auth of an endpoint, the auth of a family, or add/remove an endpoint',
  params: byId, body: EndpointEditBody, response: EndpointList,
});

export const startExploration = endpoint({
  id: 'project.explore', method: 'POST', path: '/projects/{projectId}/explorations', tag, scope: 'run:tests',
  summary: 'Start exploring the live app (in the background); poll the exploration until it is not running',
  params: byId, body: ExploreBody, response: Exploration, status: 202, idempotent: true, trigger: true,
});

export const getLatestExploration = endpoint({
  id: 'project.exploration', method: 'GET', path: '/projects/{projectId}/exploration', tag, scope: 'read:projects',
  summary: "The latest exploration and every feature's latest state",
  params: byId, response: Exploration,
});

export const getExploration = endpoint({
  id: 'project.exploration-get', method: 'GET', path: '/projects/{projectId}/explorations/{explorationId}', tag, scope: 'read:projects',
  summary: 'One exploration',
  params: z.object({ projectId: Id, explorationId: Id }), response: Exploration,
});

export const generatePlan = endpoint({
  id: 'plan.generate', method: 'POST', path: '/projects/{projectId}/plan/generate', tag, scope: 'write:tests',
  summary: 'Draft the test plan (backend: from endpoints, feature map, focus; frontend: from the exploration, else PRD/instruction)',
  params: byId, body: PlanGenerateBody, response: PlanView,
});

export const getPlan = endpoint({
  id: 'plan.list', method: 'GET', path: '/projects/{projectId}/plan', tag, scope: 'read:tests',
  summary: 'The drafted cases of the project',
  params: byId, query: PlanListQuery, response: PlanView,
});

export const editPlan = endpoint({
  id: 'plan.edit', method: 'POST', path: '/projects/{projectId}/plan/edit', tag, scope: 'write:tests',
  summary: 'Apply a natural-language edit to the plan (frontend: to one case)',
  params: byId, body: PlanEditBody, response: PlanView,
});

export const selectPlan = endpoint({
  id: 'plan.select', method: 'POST', path: '/projects/{projectId}/plan/select', tag, scope: 'write:tests',
  summary: 'Select or deselect cases by id or category',
  params: byId, body: PlanSelectBody, response: PlanView,
});

export const acceptPlan = endpoint({
  id: 'plan.accept', method: 'POST', path: '/projects/{projectId}/plan/accept', tag, scope: 'write:tests',
  summary: 'Create one test per selected case (idempotent: an accepted case keeps its test)',
  params: byId, response: PlanAccepted,
});

export const GENERATION_ENDPOINTS = [
  putPrd, getFeatures, extractFeatures, putDocs, discoverProject, listEndpoints, editEndpoint,
  startExploration, getLatestExploration, getExploration, generatePlan, getPlan, editPlan, selectPlan, acceptPlan,
];
