import type { KeyRecord } from '../store/repos/keys.js';

/**
 * API calls the portal makes on behalf of a signed-in user, dispatched in process (app.fetch with
 * this env) instead of over a socket: the portal holds a session, never the key text, so it cannot
 * send a Bearer header. The marker is a module-private symbol on the env object, which a request
 * arriving over the network cannot carry (@hono/node-server passes its own bindings there).
 */
const AUTH = Symbol('svc.inProcessAuth');

export interface InProcessEnv {
  [AUTH]: KeyRecord;
}

export function inProcessEnv(auth: KeyRecord): InProcessEnv {
  return { [AUTH]: auth };
}

/** The key record an in-process call was made with, or undefined for any other request. */
export function inProcessAuth(env: unknown): KeyRecord | undefined {
  return env !== null && typeof env === 'object' && AUTH in env ? (env as InProcessEnv)[AUTH] : undefined;
}
