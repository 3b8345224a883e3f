// The two small local back ends of first-sight set 6, one process per instance, state in memory:
//   node api-servers.mjs swagger <port> <swagger-ui-dist dir>   Swagger UI 5 (static files from npm
//        swagger-ui-dist) over "Tool Library API" 1.4.0 (OpenAPI 3.0.3 at /openapi.json, the API under /api)
//   node api-servers.mjs graphql <port> <graphiql node_modules dir>   GraphiQL 3 (UMD build from npm
//        graphiql + react 18) over the "Night Sky Observatory" GraphQL API at /graphql (graphql-js 16)
// Nothing is fetched from outside: every script and style comes from the local node_modules.
import { createServer } from 'node:http';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { join, extname, normalize } from 'node:path';
import { createRequire } from 'node:module';

const [mode, portArg, root] = process.argv.slice(2);
const port = Number(portArg);
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.png': 'image/png', '.json': 'application/json', '.map': 'application/json' };

function sendFile(res, file) {
  if (!existsSync(file) || !statSync(file).isFile()) { res.writeHead(404, { 'content-type': 'text/plain' }); return res.end('not found'); }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
}
function sendJson(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(status === 204 ? undefined : JSON.stringify(body));
}
async function readBody(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  return Buffer.concat(chunks).toString('utf8');
}

// ------------------------------------------------------------------ swagger: Tool Library API

function swaggerApp() {
  const tools = [
    { id: 1, name: 'Cordless drill', category: 'power', status: 'available', deposit: 20 },
    { id: 2, name: 'Hedge trimmer', category: 'garden', status: 'on-loan', deposit: 25 },
    { id: 3, name: 'Ladder (3 m)', category: 'hand', status: 'available', deposit: 15 },
    { id: 4, name: 'Pressure washer', category: 'power', status: 'available', deposit: 40 },
    { id: 5, name: 'Tile cutter', category: 'hand', status: 'repair', deposit: 10 },
    { id: 6, name: 'Lawn aerator', category: 'garden', status: 'available', deposit: 12 },
  ];
  const loans = [{ id: 101, toolId: 2, member: 'Priya Nair', due: '2024-06-14' }];
  let nextTool = 7;
  let nextLoan = 102;
  const TOKEN = 'shed-key-42';
  const err = (code, message) => ({ code, message });
  const toolSchema = { $ref: '#/components/schemas/Tool' };
  const errorResp = (d) => ({ description: d, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
  const spec = {
    openapi: '3.0.3',
    info: { title: 'Tool Library API', version: '1.4.0', description: 'Borrow tools from the neighbourhood tool shed. Writes need the shed key (an API key in the `X-Shed-Key` header).' },
    servers: [{ url: '/api', description: 'This tool shed' }],
    tags: [
      { name: 'tools', description: 'The tools on the shelves' },
      { name: 'loans', description: 'Who has borrowed what' },
      { name: 'shed', description: 'About the shed itself' },
    ],
    paths: {
      '/tools': {
        get: {
          tags: ['tools'], summary: 'List tools', operationId: 'listTools',
          parameters: [
            { name: 'category', in: 'query', required: false, description: 'Only tools of this category', schema: { type: 'string', enum: ['power', 'garden', 'hand'] } },
            { name: 'available', in: 'query', required: false, description: 'Only tools that can be borrowed now', schema: { type: 'boolean' } },
          ],
          responses: { 200: { description: 'The tools, by id', content: { 'application/json': { schema: { type: 'array', items: toolSchema } } } } },
        },
        post: {
          tags: ['tools'], summary: 'Add a tool', operationId: 'addTool', security: [{ shedKey: [] }],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NewTool' }, example: { name: 'Wheelbarrow', category: 'garden', deposit: 15 } } } },
          responses: { 201: { description: 'The tool was added', content: { 'application/json': { schema: toolSchema } } }, 400: errorResp('The tool is not valid'), 401: errorResp('Missing or wrong shed key') },
        },
      },
      '/tools/{toolId}': {
        get: {
          tags: ['tools'], summary: 'Get one tool', operationId: 'getTool',
          parameters: [{ name: 'toolId', in: 'path', required: true, description: 'The id of the tool', schema: { type: 'integer', minimum: 1 } }],
          responses: { 200: { description: 'The tool', content: { 'application/json': { schema: toolSchema } } }, 404: errorResp('No such tool') },
        },
        delete: {
          tags: ['tools'], summary: 'Retire a tool', operationId: 'retireTool', security: [{ shedKey: [] }],
          parameters: [{ name: 'toolId', in: 'path', required: true, description: 'The id of the tool', schema: { type: 'integer', minimum: 1 } }],
          responses: { 204: { description: 'The tool was retired' }, 401: errorResp('Missing or wrong shed key'), 404: errorResp('No such tool') },
        },
      },
      '/loans': {
        get: {
          tags: ['loans'], summary: 'List current loans', operationId: 'listLoans',
          responses: { 200: { description: 'Loans not yet returned', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Loan' } } } } } },
        },
        post: {
          tags: ['loans'], summary: 'Borrow a tool', operationId: 'borrowTool', security: [{ shedKey: [] }],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NewLoan' }, example: { toolId: 1, member: 'Sam Porter', due: '2024-07-01' } } } },
          responses: { 201: { description: 'The loan', content: { 'application/json': { schema: { $ref: '#/components/schemas/Loan' } } } }, 401: errorResp('Missing or wrong shed key'), 409: errorResp('The tool cannot be borrowed now') },
        },
      },
      '/shed/hours': {
        get: {
          tags: ['shed'], summary: 'Opening hours', operationId: 'openingHours', deprecated: true,
          description: 'Use the notice board instead; this will go away in 2.0.',
          responses: { 200: { description: 'Opening hours', content: { 'text/plain': { schema: { type: 'string' }, example: 'Sat 10:00-13:00' } } } },
        },
      },
    },
    components: {
      securitySchemes: { shedKey: { type: 'apiKey', in: 'header', name: 'X-Shed-Key', description: 'The key hanging by the shed door.' } },
      schemas: {
        Tool: { type: 'object', required: ['id', 'name', 'category', 'status', 'deposit'], properties: {
          id: { type: 'integer', example: 1 }, name: { type: 'string', example: 'Cordless drill' },
          category: { type: 'string', enum: ['power', 'garden', 'hand'] }, status: { type: 'string', enum: ['available', 'on-loan', 'repair'] },
          deposit: { type: 'number', description: 'Deposit in euros', example: 20 } } },
        NewTool: { type: 'object', required: ['name', 'category'], properties: {
          name: { type: 'string', minLength: 2 }, category: { type: 'string', enum: ['power', 'garden', 'hand'] }, deposit: { type: 'number', default: 10 } } },
        Loan: { type: 'object', properties: { id: { type: 'integer' }, toolId: { type: 'integer' }, member: { type: 'string' }, due: { type: 'string', format: 'date' } } },
        NewLoan: { type: 'object', required: ['toolId', 'member', 'due'], properties: { toolId: { type: 'integer' }, member: { type: 'string' }, due: { type: 'string', format: 'date' } } },
        Error: { type: 'object', properties: { code: { type: 'integer' }, message: { type: 'string' } } },
      },
    },
  };
  const initializer = `window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: 'StandaloneLayout',
    filter: true,
    validatorUrl: null,
  });
};
`;
  const authorised = (req) => req.headers['x-shed-key'] === TOKEN;
  return async (req, res) => {
    const u = new URL(req.url, 'http://x');
    const p = u.pathname;
    if (p === '/openapi.json') return sendJson(res, 200, spec);
    if (p === '/swagger-initializer.js') { res.writeHead(200, { 'content-type': TYPES['.js'] }); return res.end(initializer); }
    if (p === '/api/tools' && req.method === 'GET') {
      let list = tools;
      const cat = u.searchParams.get('category');
      if (cat) list = list.filter((t) => t.category === cat);
      if (u.searchParams.get('available') === 'true') list = list.filter((t) => t.status === 'available');
      if (u.searchParams.get('available') === 'false') list = list.filter((t) => t.status !== 'available');
      return sendJson(res, 200, list);
    }
    if (p === '/api/tools' && req.method === 'POST') {
      if (!authorised(req)) return sendJson(res, 401, err(401, 'Missing or wrong shed key'));
      let b;
      try { b = JSON.parse(await readBody(req)); } catch { return sendJson(res, 400, err(400, 'The body is not JSON')); }
      if (typeof b?.name !== 'string' || b.name.length < 2) return sendJson(res, 400, err(400, 'name must have at least 2 characters'));
      if (!['power', 'garden', 'hand'].includes(b.category)) return sendJson(res, 400, err(400, 'category must be power, garden or hand'));
      const t = { id: nextTool++, name: b.name, category: b.category, status: 'available', deposit: typeof b.deposit === 'number' ? b.deposit : 10 };
      tools.push(t);
      return sendJson(res, 201, t, { location: `/api/tools/${t.id}` });
    }
    const m = /^\/api\/tools\/([^/]+)$/.exec(p);
    if (m) {
      const t = tools.find((x) => String(x.id) === m[1]);
      if (req.method === 'GET') return t ? sendJson(res, 200, t) : sendJson(res, 404, err(404, `No tool with id ${m[1]}`));
      if (req.method === 'DELETE') {
        if (!authorised(req)) return sendJson(res, 401, err(401, 'Missing or wrong shed key'));
        if (!t) return sendJson(res, 404, err(404, `No tool with id ${m[1]}`));
        tools.splice(tools.indexOf(t), 1);
        res.writeHead(204); return res.end();
      }
    }
    if (p === '/api/loans' && req.method === 'GET') return sendJson(res, 200, loans);
    if (p === '/api/loans' && req.method === 'POST') {
      if (!authorised(req)) return sendJson(res, 401, err(401, 'Missing or wrong shed key'));
      let b;
      try { b = JSON.parse(await readBody(req)); } catch { return sendJson(res, 400, err(400, 'The body is not JSON')); }
      const t = tools.find((x) => x.id === b?.toolId);
      if (!t) return sendJson(res, 409, err(409, `No tool with id ${b?.toolId}`));
      if (t.status !== 'available') return sendJson(res, 409, err(409, `${t.name} is ${t.status}`));
      t.status = 'on-loan';
      const l = { id: nextLoan++, toolId: t.id, member: String(b.member ?? ''), due: String(b.due ?? '') };
      loans.push(l);
      return sendJson(res, 201, l);
    }
    if (p === '/api/shed/hours') { res.writeHead(200, { 'content-type': 'text/plain' }); return res.end('Sat 10:00-13:00, Wed 18:00-20:00'); }
    if (p === '/' || p === '/index.html') return sendFile(res, join(root, 'index.html'));
    const f = normalize(join(root, p));
    if (f.startsWith(root) && !p.startsWith('/api')) return sendFile(res, f);
    return sendJson(res, 404, err(404, 'Not found'));
  };
}

// ------------------------------------------------------------------ graphql: Night Sky Observatory

function graphqlApp() {
  const require = createRequire(join(root, 'graphiql', 'package.json'));
  const { buildSchema, graphql } = require('graphql');
  const schema = buildSchema(`
"""A night-sky observatory's catalogue of telescopes, targets and observing sessions."""
type Query {
  "Every telescope, by name"
  telescopes: [Telescope!]!
  "Targets in the catalogue; filter by kind and/or constellation"
  targets(kind: TargetKind, constellation: String): [Target!]!
  "One target by its catalogue id (for example M31)"
  target(id: ID!): Target
  "Sessions planned or done"
  sessions(status: SessionStatus): [Session!]!
}

type Mutation {
  "Book a session on a telescope; fails if the telescope is in maintenance"
  bookSession(telescope: String!, target: ID!, night: String!, observer: String!): Session!
  "Cancel a planned session"
  cancelSession(id: ID!): Session!
}

enum TargetKind { GALAXY NEBULA CLUSTER PLANET }
enum SessionStatus { PLANNED DONE CANCELLED }

type Telescope {
  name: String!
  apertureMm: Int!
  "true while the telescope cannot be booked"
  inMaintenance: Boolean!
}

type Target {
  id: ID!
  name: String!
  kind: TargetKind!
  constellation: String!
  "Apparent magnitude (smaller is brighter)"
  magnitude: Float!
  distanceLy: Float @deprecated(reason: "Use distanceKly.")
  "Distance in thousands of light years"
  distanceKly: Float
}

type Session {
  id: ID!
  telescope: Telescope!
  target: Target!
  night: String!
  observer: String!
  status: SessionStatus!
}
`);
  const telescopes = [
    { name: 'Halley', apertureMm: 400, inMaintenance: false },
    { name: 'Herschel', apertureMm: 250, inMaintenance: false },
    { name: 'Leavitt', apertureMm: 600, inMaintenance: true },
  ];
  const T = (id, name, kind, constellation, magnitude, distanceKly) => ({ id, name, kind, constellation, magnitude, distanceKly, distanceLy: distanceKly === null ? null : distanceKly * 1000 });
  const targets = [
    T('M31', 'Andromeda Galaxy', 'GALAXY', 'Andromeda', 3.4, 2537),
    T('M42', 'Orion Nebula', 'NEBULA', 'Orion', 4.0, 1.344),
    T('M45', 'Pleiades', 'CLUSTER', 'Taurus', 1.6, 0.444),
    T('M1', 'Crab Nebula', 'NEBULA', 'Taurus', 8.4, 6.5),
    T('M13', 'Hercules Cluster', 'CLUSTER', 'Hercules', 5.8, 22.2),
    T('M51', 'Whirlpool Galaxy', 'GALAXY', 'Canes Venatici', 8.4, 23000),
    T('JUP', 'Jupiter', 'PLANET', 'Taurus', -2.2, null),
  ];
  const sessions = [
    { id: 'S1', telescope: 'Halley', target: 'M42', night: '2024-01-12', observer: 'Ada Reyes', status: 'DONE' },
    { id: 'S2', telescope: 'Herschel', target: 'M45', night: '2024-01-19', observer: 'Tom Okoro', status: 'DONE' },
    { id: 'S3', telescope: 'Halley', target: 'M31', night: '2024-02-02', observer: 'Ada Reyes', status: 'PLANNED' },
  ];
  let nextSession = 4;
  const view = (s) => ({ ...s, telescope: telescopes.find((t) => t.name === s.telescope), target: targets.find((t) => t.id === s.target) });
  const rootValue = {
    telescopes: () => telescopes,
    targets: ({ kind, constellation }) => targets.filter((t) => (!kind || t.kind === kind) && (!constellation || t.constellation === constellation)),
    target: ({ id }) => targets.find((t) => t.id === id) ?? null,
    sessions: ({ status }) => sessions.filter((s) => !status || s.status === status).map(view),
    bookSession: ({ telescope, target, night, observer }) => {
      const tel = telescopes.find((t) => t.name === telescope);
      if (!tel) throw new Error(`No telescope named ${telescope}`);
      if (tel.inMaintenance) throw new Error(`${telescope} is in maintenance`);
      if (!targets.find((t) => t.id === target)) throw new Error(`No target with id ${target}`);
      const s = { id: `S${nextSession++}`, telescope, target, night, observer, status: 'PLANNED' };
      sessions.push(s);
      return view(s);
    },
    cancelSession: ({ id }) => {
      const s = sessions.find((x) => x.id === id);
      if (!s) throw new Error(`No session ${id}`);
      if (s.status !== 'PLANNED') throw new Error(`Session ${id} is ${s.status.toLowerCase()}, only planned sessions can be cancelled`);
      s.status = 'CANCELLED';
      return view(s);
    },
  };
  const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Night Sky Observatory – GraphiQL</title>
<style>body { margin: 0; height: 100vh; } #graphiql { height: 100vh; }</style>
<link rel="stylesheet" href="/static/graphiql/graphiql.min.css">
<script src="/static/react/umd/react.production.min.js"></script>
<script src="/static/react-dom/umd/react-dom.production.min.js"></script>
<script src="/static/graphiql/graphiql.min.js"></script>
</head>
<body>
<div id="graphiql">Loading…</div>
<script>
const fetcher = GraphiQL.createFetcher({ url: '/graphql' });
const defaultQuery = '# Welcome to the Night Sky Observatory.\\n# Write a query on the left and press the run button.\\n\\n{\\n  telescopes {\\n    name\\n  }\\n}\\n';
ReactDOM.createRoot(document.getElementById('graphiql')).render(
  React.createElement(GraphiQL, { fetcher, defaultQuery, defaultEditorToolsVisibility: true, shouldPersistHeaders: false })
);
</script>
</body>
</html>
`;
  return async (req, res) => {
    const u = new URL(req.url, 'http://x');
    const p = u.pathname;
    if (p === '/' || p === '/index.html') { res.writeHead(200, { 'content-type': TYPES['.html'] }); return res.end(page); }
    if (p.startsWith('/static/')) {
      const f = normalize(join(root, p.slice('/static/'.length)));
      if (!f.startsWith(root)) return sendJson(res, 404, {});
      return sendFile(res, f);
    }
    if (p === '/graphql' && req.method === 'POST') {
      let b;
      try { b = JSON.parse(await readBody(req)); } catch { return sendJson(res, 400, { errors: [{ message: 'The body is not JSON' }] }); }
      const result = await graphql({ schema, source: String(b.query ?? ''), rootValue, variableValues: b.variables ?? undefined, operationName: b.operationName ?? undefined });
      return sendJson(res, 200, result);
    }
    return sendJson(res, 404, { errors: [{ message: 'Not found' }] });
  };
}

const handler = mode === 'swagger' ? swaggerApp() : mode === 'graphql' ? graphqlApp() : null;
if (!handler) { console.error(`unknown mode ${mode}`); process.exit(2); }
createServer((req, res) => handler(req, res).catch((e) => { try { sendJson(res, 500, { message: String(e) }); } catch { /* gone */ } }))
  .listen(port, '127.0.0.1', () => console.log(`${mode} on ${port}`));
