const j = (await import('./test/snapshots/mcp-tools.json', { with: { type: 'json' } })).default;
const core = new Set(process.argv[2].split(','));
const SAFE = 9007199254740991;
function compact(o, depth, out) {
  if (Array.isArray(o)) return o.map((x) => compact(x, depth, out));
  if (!o || typeof o !== 'object') return o;
  const r = {};
  for (const [k, v] of Object.entries(o)) {
    if (k === '$schema') continue;
    if ((k === 'minimum' && v === -SAFE) || (k === 'maximum' && v === SAFE)) continue;
    if (out && k === 'additionalProperties' && v === false) continue;
    if (out && k === 'description' && depth > 1) continue;
    r[k] = k === 'properties' ? Object.fromEntries(Object.entries(v).map(([p, s]) => [p, compact(s, depth + 1, out)])) : compact(v, k === 'definitions' || k === '$defs' ? 99 : depth, out);
  }
  return r;
}
const sel = j.filter((t) => process.argv[2] === 'all' || core.has(t.name.replace(/^svc_/, '')));
const full = JSON.stringify(sel).length;
const c = JSON.stringify(sel.map((t) => ({ ...t, inputSchema: compact(t.inputSchema, 0, false), outputSchema: compact(t.outputSchema, 0, true) }))).length;
console.log(sel.length, 'full', full / 4 | 0, 'compact', c / 4 | 0);
