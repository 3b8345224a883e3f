import type { z } from 'zod';
import type { Op } from '../../ops/op.js';
import type { ServerDeps } from '../context.js';
import type { PortalContext } from './guard.js';
import { runOp, type ApiFetch, type OpResult } from './op-client.js';

/** What the portal's page and action modules share: the server, its API in process, and ops run through it. */
export interface PortalKit {
  deps: ServerDeps;
  api: ApiFetch;
  run<I extends z.ZodObject, O extends z.ZodType>(c: PortalContext, op: Op<I, O>, raw: Record<string, unknown>, fields?: readonly string[]): Promise<OpResult<z.infer<O>>>;
  notFound(c: PortalContext): Response;
}

export function portalKit(deps: ServerDeps, api: ApiFetch, notFound: (c: PortalContext) => Response): PortalKit {
  return { deps, api, notFound, run: (c, op, raw, fields) => runOp(c, deps, api, op, raw, fields) };
}
