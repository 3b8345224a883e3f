import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { SvcError } from '../contract/errors.js';
import { buildOpenApi } from '../contract/openapi.js';
import type { Endpoint } from '../contract/endpoint.js';
import { newId } from '../util/ids.js';
import { authenticate } from './auth.js';
import type { AppEnv, ServerDeps } from './context.js';
import { errorResponse } from './errors.js';
import { TriggerLimiter } from './rate-limit.js';
import { mount, type RouteHandler } from './route.js';
import { REGISTRARS } from './routes.js';
import { portalApp } from './portal/app.js';
import { favicon } from './portal/favicon.js';
import { Surface } from '../contract/common.js';
import { PROJECT_FILE_BODY_BYTES } from '../contract/project-files.js';

export const API_PREFIX = '/api/v1';
/** Largest accepted body: the 5 MB create-batch limit plus JSON overhead. */
const MAX_BODY = 8 * 1024 * 1024;
const FILE_PUT_PATH = /\/projects\/[^/]+\/files\/[^/]+$/;

export function createApp(deps: ServerDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const limiter = new TriggerLimiter(deps.store.db, deps.config.triggerRatePerMinute);
  const mounted = new Set<string>();

  app.use('*', async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : newId('req');
    c.set('requestId', requestId);
    c.set('deps', deps);
    const s = Surface.safeParse(c.req.header('x-svc-surface'));
    // Only svc-server's own scheduler starts runs with source schedule; a client cannot claim it.
    if (s.success && s.data === 'schedule') {
      throw new SvcError('VALIDATION_ERROR', 'X-Svc-Surface: schedule is reserved for the server\'s own scheduled runs', {
        nextAction: 'Send cli, mcp, portal or github_action, or set a schedule with `svc project schedule set`.',
      });
    }
    c.set('surface', s.success ? s.data : 'portal');
    c.header('X-Request-Id', requestId);
    await next();
  });
  app.onError((err, c) => errorResponse(c, err));
  app.notFound((c) =>
    errorResponse(c, new SvcError('NOT_FOUND', `no route for ${c.req.method} ${c.req.path}`, { nextAction: `See ${deps.config.publicUrl}/openapi.json for the API.` })),
  );

  app.get('/openapi.json', (c) => c.json(buildOpenApi(deps.config.version, `${deps.config.publicUrl}${API_PREFIX}`)));
  app.get('/healthz', (c) => c.json({ ok: true, version: deps.config.version }));
  app.get('/', (c) => c.redirect('/portal'));
  app.get('/favicon.ico', (c) => c.body(new Uint8Array(favicon()), 200, { 'Content-Type': 'image/x-icon', 'Cache-Control': 'public, max-age=86400' }));

  const api = new Hono<AppEnv>();
  const limitBody = bodyLimit({ maxSize: MAX_BODY, onError: () => { throw new SvcError('PAYLOAD_TOO_LARGE', `request body larger than ${MAX_BODY} bytes`); } });
  // A project file (10 MB) travels as base64 in JSON: its PUT alone may be larger.
  const limitFileBody = bodyLimit({
    maxSize: PROJECT_FILE_BODY_BYTES,
    onError: () => {
      throw new SvcError('PAYLOAD_TOO_LARGE', 'a project file must be at most 10485760 bytes (10 MB) before base64', { nextAction: 'Upload a smaller file.' });
    },
  });
  // Reads carry no body: asking for one would build a whole fetch Request for every GET.
  api.use('*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return c.req.method === 'PUT' && FILE_PUT_PATH.test(c.req.path) ? limitFileBody(c, next) : limitBody(c, next);
  });
  api.use('*', authenticate);
  const kit = {
    mount<E extends Endpoint>(a: Hono<AppEnv>, e: E, handler: RouteHandler<E>) {
      mounted.add(e.id);
      mount(a, e, limiter, handler);
    },
  };
  for (const register of REGISTRARS) register(api, kit);
  app.route(API_PREFIX, api);
  // The portal runs the same ops as the CLI; their API calls come back into this app in process.
  app.route('/portal', portalApp(deps, { api: (req, env) => app.fetch(req, env) }));
  (app as unknown as { mountedEndpoints: Set<string> }).mountedEndpoints = mounted;
  return app;
}

export function mountedEndpoints(app: Hono<AppEnv>): Set<string> {
  return (app as unknown as { mountedEndpoints: Set<string> }).mountedEndpoints;
}
