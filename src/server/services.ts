import { SvcError } from '../contract/errors.js';
import type { Engine } from '../engine/engine.js';
import type { ServerDeps } from './context.js';

/** The engine the routes enqueue into (in-process workers, or a queue-only handle in scale-out). */
export function engineOf(deps: ServerDeps): Engine {
  const e = deps.services.engine as Engine | undefined;
  if (!e) throw new SvcError('UNAVAILABLE', 'the test engine is not running on this server', { nextAction: 'Start the server with workers, or start svc-server worker processes.' });
  return e;
}
