/** Rows of the sample target API's in-memory store that the demo compares before and after a run. */
export interface TargetRows {
  users: unknown[];
  posts: unknown[];
  comments: unknown[];
  tags: unknown[];
}

export interface DemoContext {
  apiUrl: string;
  apiKey: string;
  /** The service's artifacts directory (`<dataDir>/artifacts`): run recordings live under runs/<runId>/. */
  artifactsDir: string;
  /** True when the data directory is removed at exit, so printed artifact paths are short-lived. */
  temporaryData: boolean;
  /** The bundled fixtures directory (sample API docs, PRDs). */
  fixturesDir: string;
  /** The sample target API the backend project tests. */
  target: { url: string; store(): TargetRows };
  /** The sample web app the frontend project tests (account demo / demo-pass). */
  web: { url: string; username: string; password: string };
  out: (s: string) => void;
  log: (s: string) => void;
}

/** What one part of the demo (backend or frontend) ended with. */
export interface PartOutcome {
  /** Everything ended as expected (planted defects fail, the rest passes, cleanup restored the data). */
  ok: boolean;
  /** Why not, one line each. */
  problems: string[];
  /** Portal page of the part's project. */
  portalUrl?: string;
  /** Set when the part did not run at all, with the reason. */
  skipped?: string;
}

