/**
 * One error type for every surface: the API's error body, the CLI's JSON error on stderr and the
 * MCP tool error all carry the same envelope. Exit codes follow SPEC.md 7.1; where it is silent we
 * follow this product family's public convention (2, 11, 12, 13) and document each in README.
 */
export const EXIT = {
  OK: 0,
  FAILURE: 1,
  NOT_IMPLEMENTED: 2,
  AUTH: 3,
  NOT_FOUND: 4,
  VALIDATION: 5,
  CONFLICT: 6,
  TIMEOUT: 7,
  TRANSPORT: 10,
  RATE_LIMITED: 11,
  INSUFFICIENT_CREDITS: 12,
  FEATURE_GATED: 13,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export const ERROR_CODES = {
  VALIDATION_ERROR: { status: 400, exit: EXIT.VALIDATION },
  UNAUTHENTICATED: { status: 401, exit: EXIT.AUTH },
  FORBIDDEN: { status: 403, exit: EXIT.AUTH },
  INSUFFICIENT_CREDITS: { status: 402, exit: EXIT.INSUFFICIENT_CREDITS },
  FEATURE_GATED: { status: 403, exit: EXIT.FEATURE_GATED },
  NOT_FOUND: { status: 404, exit: EXIT.NOT_FOUND },
  CONFLICT: { status: 409, exit: EXIT.CONFLICT },
  PRECONDITION_FAILED: { status: 412, exit: EXIT.CONFLICT },
  PAYLOAD_TOO_LARGE: { status: 413, exit: EXIT.VALIDATION },
  RATE_LIMITED: { status: 429, exit: EXIT.RATE_LIMITED },
  INTERNAL: { status: 500, exit: EXIT.FAILURE },
  NOT_IMPLEMENTED: { status: 501, exit: EXIT.NOT_IMPLEMENTED },
  UNAVAILABLE: { status: 503, exit: EXIT.TRANSPORT },
  TIMEOUT: { status: 504, exit: EXIT.TIMEOUT },
  TRANSPORT: { status: 0, exit: EXIT.TRANSPORT },
  TEST_FAILED: { status: 0, exit: EXIT.FAILURE },
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/** The error body of every surface; its schema is in error-envelope.ts (this file stays free of zod: the CLI loads it at start). */
export interface ErrorEnvelope {
  error: { code: string; message: string; nextAction: string; requestId: string | null; details?: unknown };
}

export class SvcError extends Error {
  readonly code: string;
  readonly nextAction: string;
  readonly exitCode: number;
  readonly status: number;
  requestId: string | null;
  readonly details?: unknown;
  /** Seconds the server asked us to wait (429/503). */
  retryAfter?: number;

  constructor(
    code: ErrorCode | string,
    message: string,
    opts: { nextAction?: string; requestId?: string | null; details?: unknown; exitCode?: number; status?: number } = {},
  ) {
    super(message);
    this.name = 'SvcError';
    this.code = code;
    const known = (ERROR_CODES as Record<string, { status: number; exit: number }>)[code];
    this.status = opts.status ?? known?.status ?? 500;
    this.exitCode = opts.exitCode ?? known?.exit ?? exitForStatus(this.status);
    this.nextAction = opts.nextAction ?? defaultNextAction(code);
    this.requestId = opts.requestId ?? null;
    this.details = opts.details;
  }

  toBody(): ErrorEnvelope['error'] {
    const body: ErrorEnvelope['error'] = {
      code: this.code,
      message: this.message,
      nextAction: this.nextAction,
      requestId: this.requestId,
    };
    if (this.details !== undefined) body.details = this.details;
    return body;
  }

  toEnvelope(): ErrorEnvelope {
    return { error: this.toBody() };
  }

  static fromEnvelope(env: ErrorEnvelope, status: number): SvcError {
    const e = env.error;
    const known = (ERROR_CODES as Record<string, { status: number; exit: number }>)[e.code];
    return new SvcError(e.code, e.message, {
      nextAction: e.nextAction,
      requestId: e.requestId,
      details: e.details,
      status,
      exitCode: known?.exit ?? exitForStatus(status),
    });
  }
}

export function exitForStatus(status: number): number {
  if (status === 400 || status === 413 || status === 422) return EXIT.VALIDATION;
  if (status === 401 || status === 403) return EXIT.AUTH;
  if (status === 402) return EXIT.INSUFFICIENT_CREDITS;
  if (status === 404 || status === 410) return EXIT.NOT_FOUND;
  if (status === 409 || status === 412) return EXIT.CONFLICT;
  if (status === 429) return EXIT.RATE_LIMITED;
  if (status === 501) return EXIT.NOT_IMPLEMENTED;
  if (status === 502 || status === 503) return EXIT.TRANSPORT;
  if (status === 504 || status === 408) return EXIT.TIMEOUT;
  return EXIT.FAILURE;
}

function defaultNextAction(code: string): string {
  switch (code) {
    case 'VALIDATION_ERROR':
      return 'Fix the input named in the message and try again (see --help).';
    case 'UNAUTHENTICATED':
      return "Check the API key: run 'svc setup' or set SVC_API_KEY.";
    case 'FORBIDDEN':
      return 'Use a key that carries the required scope (svc auth status lists the scopes).';
    case 'NOT_FOUND':
      return 'Check the id; list what exists with the matching list command.';
    case 'CONFLICT':
      return 'Re-read the current state and retry with fresh input or a new idempotency key.';
    case 'PRECONDITION_FAILED':
      return 'Fetch the latest version, merge your change and retry.';
    case 'RATE_LIMITED':
      return 'Wait for the Retry-After interval and try again.';
    case 'INSUFFICIENT_CREDITS':
      return 'Ask the operator to add credits to this key.';
    case 'FEATURE_GATED':
      return 'This feature needs the Pro plan; ask the operator to upgrade the key.';
    case 'TRANSPORT':
    case 'UNAVAILABLE':
      return "Check that the service is running and reachable ('svc doctor' checks connectivity).";
    case 'TIMEOUT':
      return 'Retry with a longer --request-timeout or --timeout.';
    default:
      return "Retry; if it persists, run with --debug and report the request id.";
  }
}
