const j = (await import('./test/snapshots/mcp-tools.json', { with: { type: 'json' } })).default;
const core = new Set(process.argv[2].split(','));
const SAFE = 9007199254740991;
function clean(o) {
  if (Array.isArray(o)) return o.map(clean);
  if (!o || typeof o !== 'object') return o;
  const r = {};
  for (const [k, v] of Object.entries(o)) {
    if (k === '$schema') continue;
    if ((k === 'minimum' && v === -SAFE) || (k === 'maximum' && v === SAFE)) continue;
    r[k] = k === 'properties' ? Object.fromEntries(Object.entries(v).map(([p, s]) => [p, clean(s)])) : clean(v);
  }
  return r;
}
function typeOnly(s) { // a property's schema reduced to its JSON types
  if (s.$ref) return {};
  if (s.anyOf) { const ts = s.anyOf.map(typeOnly); return ts.every((t) => t.type) ? { type: [...new Set(ts.flatMap((t) => [].concat(t.type)))] } : {}; }
  const r = {}; if (s.type) r.type = s.type; if (s.enum) r.enum = s.enum; if (s.description) r.description = s.description; return r;
}
function shallow(o) { return { type: 'object', properties: Object.fromEntries(Object.entries(o.properties ?? {}).map(([k, v]) => [k, typeOnly(v)])), required: o.required }; }
const sel = j.filter((t) => process.argv[2] === 'all' || core.has(t.name.replace(/^svc_/, '')));
const c = JSON.stringify(sel.map((t) => ({ ...t, inputSchema: clean(t.inputSchema), outputSchema: shallow(t.outputSchema) })));
console.log(sel.length, 'shallow', c.length / 4 | 0);
const none = JSON.stringify(sel.map((t) => ({ ...t, inputSchema: clean(t.inputSchema), outputSchema: undefined })));
console.log('none', none.length/4|0);
