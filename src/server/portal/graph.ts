import dagre from '@dagrejs/dagre';
import { html, type Html } from './html.js';

export interface GraphNode {
  id: string;
  label: string;
  /** A status of layout.ts's set (passed, failed, blocked, …): the node's icon and colour. */
  status?: string;
  href?: string;
}
export interface GraphEdge {
  from: string;
  to: string;
  label?: string;
}

/** Beyond this many nodes a drawing stops being readable (and costs the page): the list stays. */
export const MAX_GRAPH_NODES = 60;
const ICON: Record<string, string> = { passed: '✓', failed: '✗', blocked: '⊘', queued: '◌', pending: '◌', running: '◐', exploring: '◐', cancelled: '–', done: '✓' };
const CHAR_W = 7;
const NODE_H = 38;
const MAX_CHARS = 34;

const short = (s: string) => (s.length > MAX_CHARS ? `${s.slice(0, MAX_CHARS - 1)}…` : s);

/**
 * A directed graph laid out by dagre (ranks left to right, edges routed around nodes) and drawn on
 * the server as SVG: no script, nothing from elsewhere. The drawing is for the eye; each caller
 * puts the same nodes and links beside it as a list, which is what screen readers and phones get
 * (the SVG is aria-hidden, its links out of the tab order, and hidden below 600 px).
 */
export function graphSvg(nodes: GraphNode[], edges: GraphEdge[], o: { id: string; caption: string; rankdir?: 'LR' | 'TB' }): Html {
  if (!nodes.length) return html``;
  if (nodes.length > MAX_GRAPH_NODES) return html`<p class="muted graph-note">${nodes.length} nodes are more than a drawing can show readably (at most ${MAX_GRAPH_NODES}): the list below has them all.</p>`;
  const g = new dagre.graphlib.Graph({ multigraph: false });
  g.setGraph({ rankdir: o.rankdir ?? 'LR', nodesep: 18, ranksep: 56, edgesep: 10, marginx: 8, marginy: 8 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) g.setNode(n.id, { width: Math.max(90, (short(n.label).length + 3) * CHAR_W + 16), height: NODE_H });
  const known = new Set(nodes.map((n) => n.id));
  for (const e of edges) {
    if (!known.has(e.from) || !known.has(e.to) || e.from === e.to) continue;
    g.setEdge(e.from, e.to, e.label ? { label: e.label, width: e.label.length * 6.2 + 8, height: 14, labelpos: 'c' } : {});
  }
  dagre.layout(g);
  const { width = 0, height = 0 } = g.graph();
  const marker = `${o.id}-arrow`;
  const drawnEdges = g.edges().map((ref: { v: string; w: string; name?: string }) => {
    const e = g.edge(ref) as { points: { x: number; y: number }[]; label?: string; x?: number; y?: number };
    const d = e.points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' ');
    return html`<path class="g-edge" d="${d}" marker-end="url(#${marker})"></path>${e.label && e.x !== undefined ? html`<text class="g-edge-label" x="${e.x.toFixed(1)}" y="${(e.y! + 4).toFixed(1)}" text-anchor="middle">${e.label}</text>` : ''}`;
  });
  const drawnNodes = nodes.map((n) => {
    const p = g.node(n.id) as { x: number; y: number; width: number; height: number };
    const x = p.x - p.width / 2;
    const y = p.y - p.height / 2;
    const st = (n.status ?? 'unknown').replace(/[^a-z-]/g, '');
    const body = html`<title>${n.label}${n.status ? ` (${n.status})` : ''}</title><rect class="g-node g-${st}" x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${p.width.toFixed(1)}" height="${p.height}" rx="6"></rect>
      <text class="g-label" x="${(x + 10).toFixed(1)}" y="${(p.y + 4).toFixed(1)}"><tspan class="g-ic st-${st}">${ICON[st] ?? '·'}</tspan> ${short(n.label)}</text>`;
    return n.href ? html`<a href="${n.href}" tabindex="-1">${body}</a>` : html`<g>${body}</g>`;
  });
  return html`<figure class="graph" id="${o.id}"><svg aria-hidden="true" focusable="false" viewBox="0 0 ${Math.ceil(width)} ${Math.ceil(height)}" width="${Math.ceil(width)}" height="${Math.ceil(height)}" xmlns="http://www.w3.org/2000/svg">
    <defs><marker id="${marker}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" class="g-arrow"></path></marker></defs>
    ${drawnEdges}${drawnNodes}</svg><figcaption class="muted small">${o.caption}</figcaption></figure>`;
}
