import { z } from 'zod';

/**
 * Wire shapes of backend discovery and planning, shared by the engines in src/discovery and the
 * API (src/contract/generation.ts); every reusable shape carries a `.meta` id for OpenAPI.
 */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export const HttpMethod = z.enum(HTTP_METHODS).meta({ id: 'HttpMethod' });
export type HttpMethod = z.infer<typeof HttpMethod>;

export const AuthKind = z.enum(['none', 'bearer', 'apiKey', 'basic', 'unknown']).meta({ id: 'EndpointAuth' });
export type AuthKind = z.infer<typeof AuthKind>;

/** A JSON Schema fragment as read from the docs (dereferenced, cycles cut, size bounded). */
export const JsonSchema = z.record(z.string(), z.unknown()).meta({ id: 'JsonSchemaFragment' });
export type JsonSchema = z.infer<typeof JsonSchema>;

export const ApiParam = z
  .object({
    name: z.string(),
    required: z.boolean(),
    schema: JsonSchema.optional(),
    description: z.string().optional(),
    contentType: z.string().optional().describe('Set when the value is serialised as this media type, e.g. JSON in a query string'),
  })
  .meta({ id: 'ApiParam' });
export type ApiParam = z.infer<typeof ApiParam>;

export const ApiRequestBody = z
  .object({
    contentType: z.string(),
    schema: JsonSchema.optional(),
    required: z.array(z.string()).describe('Required top-level fields'),
    example: z.unknown().optional(),
  })
  .meta({ id: 'ApiRequestBody' });
export type ApiRequestBody = z.infer<typeof ApiRequestBody>;

export const ApiResponse = z
  .object({ status: z.union([z.number().int(), z.literal('default')]), schema: JsonSchema.optional() })
  .meta({ id: 'ApiResponse' });
export type ApiResponse = z.infer<typeof ApiResponse>;

export const ApiEndpoint = z
  .object({
    id: z.string().describe('"METHOD /path/{param}", unique in a project'),
    method: HttpMethod,
    path: z.string().regex(/^\//).describe('Path template with {param} placeholders'),
    summary: z.string().optional(),
    operationId: z.string().optional(),
    pathParams: z.array(ApiParam),
    queryParams: z.array(ApiParam),
    headerParams: z.array(ApiParam).optional().describe('Documented request headers other than auth and content negotiation'),
    requestBody: ApiRequestBody.optional(),
    responses: z.array(ApiResponse),
    auth: AuthKind,
    family: z.string().describe('Resource family, e.g. users or users.posts'),
    deleteOf: z.string().optional().describe('On a create: id of the DELETE endpoint that removes what it creates'),
    idField: z.string().optional().describe('On a create: the response field holding the new id'),
    putCreates: z
      .boolean()
      .optional()
      .describe('On a PUT of an item path: the client names a new record by its path, and the PUT creates it (PUT /things/{key})'),
    examplePath: z
      .record(z.string(), z.string())
      .optional()
      .describe("On a GET with path parameters: the document's example values, which a GET during discovery answered with a success; cases that read it use them when no case makes such a record"),
    source: z.enum(['docs', 'probe', 'manual']),
  })
  .meta({ id: 'ApiEndpoint' });
export type ApiEndpoint = z.infer<typeof ApiEndpoint>;

export const DocFormat = z.enum(['openapi3', 'swagger2', 'postman', 'freeform']).meta({ id: 'ApiDocFormat' });
export type DocFormat = z.infer<typeof DocFormat>;

export const ParsedApiDocs = z
  .object({
    format: DocFormat,
    title: z.string().optional(),
    endpoints: z.array(ApiEndpoint),
    warnings: z.array(z.string()).describe('Parts of the document that could not be read, and why'),
  })
  .meta({ id: 'ParsedApiDocs' });
export type ParsedApiDocs = z.infer<typeof ParsedApiDocs>;

export const ProbeResult = z
  .object({
    endpointId: z.string(),
    method: z.enum(['GET', 'HEAD', 'OPTIONS']).nullable().describe('The safe request sent, or null when skipped'),
    reachable: z.boolean(),
    status: z.number().int().nullable(),
    requiresAuth: z.boolean().nullable(),
    contentType: z.string().nullable(),
    pathValues: z.record(z.string(), z.string()).optional().describe("The document's example path values the GET was sent with"),
    sampleShape: JsonSchema.optional(),
    note: z.string().optional(),
  })
  .meta({ id: 'EndpointProbe' });
export type ProbeResult = z.infer<typeof ProbeResult>;

export const UseCase = z.object({ id: z.string(), name: z.string(), description: z.string() }).meta({ id: 'UseCase' });
export const Feature = z
  .object({ id: z.string(), name: z.string(), description: z.string(), useCases: z.array(UseCase) })
  .meta({ id: 'Feature' });
export const FeatureFlow = z
  .object({ from: z.string(), to: z.string(), label: z.string().optional() })
  .meta({ id: 'FeatureFlow' });
export const FeatureMap = z
  .object({
    features: z.array(Feature),
    flows: z.array(FeatureFlow).describe('Edges between feature or use-case ids'),
    source: z.enum(['rules', 'model']).optional(),
    warnings: z.array(z.string()).optional(),
  })
  .meta({ id: 'FeatureMap' });
export type FeatureMap = z.infer<typeof FeatureMap>;
export type Feature = z.infer<typeof Feature>;
export type UseCase = z.infer<typeof UseCase>;

export const CASE_CATEGORIES = ['functional', 'auth', 'error', 'boundary', 'security'] as const;
export const CaseCategory = z.enum(CASE_CATEGORIES).meta({ id: 'CaseCategory' });
export type CaseCategory = z.infer<typeof CaseCategory>;
export const Priority = z.enum(['p0', 'p1', 'p2', 'p3']);
export type Priority = z.infer<typeof Priority>;

/** What the generated code does; codegen switches on it. */
export const CASE_KINDS = [
  'create', 'read', 'list', 'update', 'delete', 'call',
  'auth-missing', 'auth-bad', 'auth-wrong-scheme',
  'missing-required', 'wrong-types', 'unknown-id', 'malformed-json', 'wrong-content-type', 'duplicate', 'custom-body', 'invalid-body',
  'boundary-min', 'boundary-max', 'boundary-at-max', 'empty-array', 'large-payload', 'query-bounds',
  'injection', 'error-leak', 'mass-assignment', 'foreign-parent', 'query-json',
] as const;
export const CaseKind = z.enum(CASE_KINDS).meta({ id: 'CaseKind' });
export type CaseKind = z.infer<typeof CaseKind>;

export const CaseInput = z
  .object({
    field: z.string().optional().describe('The body or query field a case varies'),
    value: z.unknown().optional().describe('The value sent for that field'),
    body: z.unknown().optional().describe('A whole request body to send instead of the generated one'),
    path: z
      .record(z.string(), z.string())
      .optional()
      .describe('Path parameter values sent as given instead of ones other cases produce (a documented example the API confirmed)'),
  })
  .meta({ id: 'CaseInput' });
export type CaseInput = z.infer<typeof CaseInput>;

export const PlannedCase = z
  .object({
    id: z.string(),
    title: z.string().max(200),
    category: CaseCategory,
    kind: CaseKind,
    priority: Priority,
    endpointId: z.string(),
    method: HttpMethod,
    path: z.string(),
    expect: z.object({
      status: z.array(z.number().int()).describe('Accepted statuses; empty means any status below 500'),
      notStatus: z.array(z.number().int()).optional(),
      checks: z.array(z.string()).describe('Check tokens, e.g. no-5xx, no-leak, schema, id-matches:user_id'),
    }),
    input: CaseInput.optional(),
    produces: z.array(z.string()),
    needs: z.array(z.string()),
    testCategory: z.enum(['setup', 'main', 'hostile', 'teardown']).describe('Wave category of the test it becomes: hostile probes run after the others, teardowns last'),
    selected: z.boolean(),
    description: z.string().max(2000),
    featureId: z.string().optional(),
    useCaseId: z.string().optional(),
    origin: z.enum(['planner', 'instruction']),
  })
  .meta({ id: 'PlannedCase' });
export type PlannedCase = z.infer<typeof PlannedCase>;
