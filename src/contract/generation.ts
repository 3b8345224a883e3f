import { z } from 'zod';
import { Id, Timestamp } from './common.js';
import { ApiEndpoint, DocFormat, FeatureMap, PlannedCase, ProbeResult } from './discovery.js';
import { PlanStep, Priority, TestType } from './test-fields.js';

/**
 * Wire shapes of the generation surface (SPEC.md 1.1/1.2 steps 2–5): PRD and feature map,
 * API docs and endpoints, discovery, exploration, and the per-project test plan.
 */
export const MAX_PRD_BYTES = 4 * 1024 * 1024;
export const MAX_API_DOC_BYTES = 5 * 1024 * 1024;

export const PrdPutBody = z
  .object({
    filename: z.string().min(1).max(255).describe('Original file name; .pdf is read as PDF, anything else as Markdown/text'),
    content: z.string().min(1).describe('The file: UTF-8 text, or base64 when encoding is base64 (PDF)'),
    encoding: z.enum(['utf8', 'base64']).default('utf8'),
  })
  .meta({ id: 'PrdUpload' });

export const PrdInfo = z
  .object({ filename: z.string(), bytes: z.number().int(), chars: z.number().int(), uploadedAt: Timestamp })
  .meta({ id: 'PrdInfo' });

export const FeatureMapView = z
  .object({
    projectId: Id,
    prd: PrdInfo.nullable().describe('null when no PRD was uploaded (planning then falls back to docs, URL and exploration)'),
    featureMap: FeatureMap.nullable(),
    extractedAt: Timestamp.nullable(),
  })
  .meta({ id: 'FeatureMapView' });
export type FeatureMapView = z.infer<typeof FeatureMapView>;

export const DocsPutBody = z
  .object({
    filename: z.string().max(255).optional().describe('Helps tell JSON/YAML from text; detection goes by content'),
    content: z.string().min(1).describe('OpenAPI 3.x, Swagger 2.0 (JSON/YAML), Postman v2.1 collection, or free-form text'),
  })
  .meta({ id: 'ApiDocsUpload' });

export const DeletePairView = z
  .object({ createId: z.string(), deleteId: z.string(), resource: z.string(), variable: z.string() })
  .meta({ id: 'DeletePair' });
export const OrphanView = z
  .object({ createId: z.string(), resource: z.string(), variable: z.string(), reason: z.string() })
  .meta({ id: 'OrphanCandidate' });

export const EndpointList = z
  .object({
    projectId: Id,
    format: DocFormat.nullable().describe('Format of the uploaded docs; null before any upload'),
    title: z.string().nullable(),
    endpoints: z.array(ApiEndpoint),
    pairs: z.array(DeletePairView).describe('Creates and the DELETE that removes what they create'),
    orphans: z.array(OrphanView).describe('Creates with no DELETE: their records are "Might be orphaned" after a run'),
    deleteTemplates: z.array(z.string()).describe("Paths with a DELETE; the run's cleanup follows them"),
    warnings: z.array(z.string()),
    probes: z.array(ProbeResult).describe('Evidence of the last discover; empty before one'),
    probedAt: Timestamp.nullable(),
    updatedAt: Timestamp.nullable(),
  })
  .meta({ id: 'EndpointList' });
export type EndpointList = z.infer<typeof EndpointList>;

const AuthName = z.string().min(1).max(40).describe('none, bearer, apiKey or basic');
export const EndpointEditBody = z
  .discriminatedUnion('op', [
    z.object({ op: z.literal('update'), id: z.string().min(1).max(600), method: z.string().max(10).optional(), path: z.string().max(500).optional(), auth: AuthName.optional() }),
    z.object({ op: z.literal('setFamilyAuth'), family: z.string().min(1).max(200), auth: AuthName }),
    z.object({ op: z.literal('add'), method: z.string().min(1).max(10), path: z.string().min(1).max(500), auth: AuthName.optional(), summary: z.string().max(300).optional() }),
    z.object({ op: z.literal('remove'), id: z.string().min(1).max(600) }),
  ])
  .meta({ id: 'EndpointEdit' });
export type EndpointEditBody = z.infer<typeof EndpointEditBody>;

export const FeatureStatus = z.enum(['exploring', 'done', 'failed', 'blocked']).meta({ id: 'FeatureStatus' });
export const ExploredFeatureView = z
  .object({
    id: z.string().describe('Stable; pass it to explore --only to retry the feature'),
    name: z.string(),
    url: z.string(),
    kind: z.enum(['navigation', 'form', 'action']),
    status: FeatureStatus,
    reason: z.string().optional(),
    prdFeature: z.string().optional(),
    observedSteps: z.array(PlanStep),
    recordings: z.array(z.string()).describe('Screenshots and video, relative to the exploration artifacts directory'),
    videoNote: z.string().optional(),
    current: z
      .object({
        index: z.number().int().min(0).describe('0-based, among the steps visited so far'),
        description: z.string(),
        status: z.enum(['running', 'passed', 'failed']),
        screenshot: z.string().optional().describe('The newest screenshot, relative to the exploration artifacts directory'),
      })
      .optional()
      .describe('While the feature is being explored: the step in flight and the newest screenshot'),
    explorationId: Id.describe('The exploration that recorded this state'),
  })
  .meta({ id: 'ExploredFeature' });
export type ExploredFeatureView = z.infer<typeof ExploredFeatureView>;

export const Exploration = z
  .object({
    id: Id,
    projectId: Id,
    status: z.enum(['running', 'done', 'failed']).describe('done: every feature ended; failed: the exploration itself broke'),
    baseUrl: z.string(),
    withAccount: z.boolean(),
    only: z.array(z.string()),
    signedIn: z.boolean().nullable(),
    signInError: z.string().nullable(),
    error: z.string().nullable(),
    features: z.array(ExploredFeatureView).describe('Features of this and earlier explorations; a retried feature shows its latest state'),
    counts: z.object({ exploring: z.number().int(), done: z.number().int(), failed: z.number().int(), blocked: z.number().int() }),
    artifactsDir: z.string().describe('Server-side directory of the recordings'),
    createdAt: Timestamp,
    finishedAt: Timestamp.nullable(),
  })
  .meta({ id: 'Exploration' });
export type Exploration = z.infer<typeof Exploration>;

export const ExploreBody = z.object({ only: z.array(z.string().min(1).max(200)).max(100).optional() }).meta({ id: 'ExploreRequest' });

export const FrontendCase = z
  .object({ featureId: z.string(), source: z.enum(['exploration', 'prd', 'description']), steps: z.array(PlanStep) })
  .meta({ id: 'FrontendPlanCase' });

export const PlanCaseView = z
  .object({
    id: z.string(),
    title: z.string(),
    category: z.string().describe('Backend: functional, auth, error, boundary, security. Frontend: exploration, prd, description (where the steps came from)'),
    priority: Priority.nullable(),
    selected: z.boolean(),
    testId: Id.nullable().describe('The test created from this case by plan accept'),
    description: z.string(),
    backend: PlannedCase.optional(),
    frontend: FrontendCase.optional(),
  })
  .meta({ id: 'PlanCase' });
export type PlanCaseView = z.infer<typeof PlanCaseView>;

export const PlanView = z
  .object({
    projectId: Id,
    type: TestType,
    generatedAt: Timestamp.nullable(),
    instructions: z.string().nullable(),
    warnings: z.array(z.string()),
    cases: z.array(PlanCaseView),
    counts: z.object({ total: z.number().int(), selected: z.number().int(), accepted: z.number().int() }),
    changed: z.array(z.string()).optional().describe('Case ids an edit or selection changed'),
    summary: z.string().optional(),
  })
  .meta({ id: 'TestPlan' });
export type PlanView = z.infer<typeof PlanView>;

export const PlanGenerateBody = z.object({ instructions: z.string().max(10_000).optional() }).meta({ id: 'PlanGenerate' });
export const PlanListQuery = z.object({ category: z.string().max(50).optional() });
export const PlanEditBody = z
  .object({ instruction: z.string().min(1).max(2000), caseId: z.string().min(1).max(300).optional().describe('Frontend: the case to edit') })
  .meta({ id: 'PlanEdit' });
export const PlanSelectBody = z
  .object({ selected: z.boolean(), caseIds: z.array(z.string().min(1).max(300)).max(1000).optional(), category: z.string().max(50).optional() })
  .refine((b) => !!b.caseIds?.length !== !!b.category, 'give case ids or a category (not both)')
  .meta({ id: 'PlanSelect' });

export const AcceptedCase = z.object({ caseId: z.string(), testId: Id, name: z.string() }).meta({ id: 'AcceptedCase' });
export const PlanAccepted = z
  .object({
    projectId: Id,
    created: z.array(AcceptedCase).describe('Tests created by this call'),
    existing: z.array(AcceptedCase).describe('Selected cases accepted earlier: their tests are kept, not duplicated'),
    testIds: z.array(Id).describe('Tests of every selected case, in plan order'),
  })
  .meta({ id: 'PlanAccepted' });
export type PlanAccepted = z.infer<typeof PlanAccepted>;
