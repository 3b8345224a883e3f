/**
 * Generation state per project (SPEC.md 1.1/1.2 steps 2–5): the PRD and its feature map, the API
 * docs' endpoints and probe evidence, explorations of a frontend app, and the drafted test plan.
 * JSON columns hold text.
 */
export interface ProjectSpecsTable {
  project_id: string;
  prd_filename: string | null;
  prd_bytes: number | null;
  /** Extracted text of the PRD (PDFs are stored as their text). */
  prd_text: string | null;
  prd_uploaded_at: string | null;
  /** JSON FeatureMap. */
  feature_map: string | null;
  features_extracted_at: string | null;
  docs_format: string | null;
  docs_title: string | null;
  /** JSON ApiEndpoint[] (reviewed list). */
  endpoints: string | null;
  /** JSON string[]. */
  docs_warnings: string | null;
  /** JSON ProbeResult[] of the last discover. */
  probes: string | null;
  probed_at: string | null;
  /** Focus instructions of the last plan generation. */
  plan_instructions: string | null;
  /** JSON string[] of the last plan generation. */
  plan_warnings: string | null;
  plan_generated_at: string | null;
  updated_at: string;
}

export interface ExplorationsTable {
  id: string;
  project_id: string;
  user_id: string;
  /** running | done | failed */
  status: string;
  base_url: string;
  with_account: number;
  /** JSON string[] of feature ids (retry), [] for all. */
  only_features: string;
  signed_in: number | null;
  sign_in_error: string | null;
  error: string | null;
  /** JSON ExploredFeature[] recorded by this exploration. */
  features: string;
  artifacts_dir: string;
  created_at: string;
  finished_at: string | null;
  /** JSON ExplorationLive while running (the step of each feature in flight and a heartbeat); null once ended. */
  live: string | null;
}

export interface PlanCasesTable {
  project_id: string;
  id: string;
  position: number;
  /** backend | frontend */
  type: string;
  /** JSON: the PlannedCase (backend) or the frontend PlanCase. */
  data: string;
  selected: number;
  test_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface GenerationTables {
  project_specs: ProjectSpecsTable;
  explorations: ExplorationsTable;
  plan_cases: PlanCasesTable;
}
