import type { Context } from 'hono';
import { ZodError } from 'zod';
import { SvcError } from '../contract/errors.js';
import type { AppEnv } from './context.js';

export function validationError(err: ZodError, where: string): SvcError {
  const issues = err.issues.map((i) => ({ field: [where, ...i.path].filter((p) => p !== '').join('.'), reason: i.message }));
  const first = issues[0];
  return new SvcError('VALIDATION_ERROR', first ? `${first.field}: ${first.reason}` : `invalid ${where}`, {
    details: { issues },
  });
}

/** Turns anything thrown by a route into the one error envelope. */
export function errorResponse(c: Context<AppEnv>, err: unknown): Response {
  const requestId = c.get('requestId') ?? null;
  let e: SvcError;
  if (err instanceof SvcError) {
    e = err;
    // A fault of the server's own setup (such as a secret key that does not fit) is the operator's to see too.
    if (e.code === 'INTERNAL') console.error(`[svc-server] ${requestId ?? '-'} ${e.message}`);
  } else if (err instanceof ZodError) e = validationError(err, 'body');
  else if (err && typeof err === 'object' && 'status' in err && (err as { status: number }).status === 413)
    e = new SvcError('PAYLOAD_TOO_LARGE', 'request body too large', { nextAction: 'Send a smaller body (see the documented limits).' });
  else {
    console.error(`[svc-server] ${requestId ?? '-'} internal error:`, err);
    e = new SvcError('INTERNAL', 'internal server error');
  }
  e.requestId = requestId;
  const headers: Record<string, string> = {};
  if (e.retryAfter !== undefined) headers['Retry-After'] = String(Math.ceil(e.retryAfter));
  return c.json(e.toEnvelope(), e.status as 400, headers);
}
