/**
 * Moving things with the mouse: dragging onto a place, dropping next to something, connecting one
 * element's handle to another's. "Drag the "inject" node from the palette onto the workspace",
 * "Move "Box" into "Bin", below it", "Connect the output of "A" to the input of "B"".
 */
import type { Intent, Target } from '../intent.js';
import { targetOf, type Example, type RuleInput } from './context.js';

const OFFSET = /,?\s*(?:to the (right|left) of (?:it|the (?:first|previous|last) one|that)|(below|under|beneath|above) (?:it|the (?:first|previous|last) one|that)|(?:on|to) the (right|left))$/;

export function drag(i: RuleInput): Intent[] | undefined {
  let m: RegExpExecArray | null;
  let r = i.rest.replace(/^and drop\s+/, '');
  let position: 'right' | 'left' | 'below' | 'above' | undefined;
  if ((m = OFFSET.exec(r))) {
    const p = (m[1] ?? m[2] ?? m[3])!;
    position = p === 'under' || p === 'beneath' ? 'below' : (p as typeof position);
    r = r.slice(0, m.index).trim();
  }
  if (!(m = /^(.+?)(?:\s+from\s+(?:the\s+)?[\w' -]+?)?\s+(?:onto|on to|to|into|over|on|in|inside|under|below|above|next to|beside)\s+(.+)$/.exec(r))) return undefined;
  const source: Target = { ...targetOf(i, m[1]!, 'any'), draggable: true };
  if (/\bnode\b/.test(m[1]!)) source.hints = [...new Set([...(source.hints ?? []), 'node'])];
  delete source.role;
  const destNp = m[2]!.replace(/\s+(?:area|board|panel|canvas|workspace|column|list|lane|zone|folder|bin|section|group)$/, (x) => (/q\d/.test(m![2]!) ? '' : x));
  const dest: Target = { ...targetOf(i, destNp, 'any'), region: true };
  if (dest.described) dest.name = dest.name.replace(/\s+(?:area|board|panel)$/i, '');
  delete dest.role;
  delete dest.relaxed;
  if (!position && i.memory.dropped) position = 'below';
  i.memory.dropped = true;
  return [{ kind: 'drag', source, dest, ...(position ? { position } : {}) }];
}

export function connect(i: RuleInput): Intent[] | undefined {
  const m = /^(?:the\s+)?(?:(output|input|handle|port|out|in)\s+(?:of|from)\s+)?(?:the\s+)?(q\d+)(?:\s+node)?(?:'s\s+(output|input|handle|port))?\s+(?:to|with|and)\s+(?:the\s+)?(?:(input|output|handle|port|in|out)\s+of\s+)?(?:the\s+)?(q\d+)/.exec(i.rest);
  if (!m) return undefined;
  const from = (m[1] ?? m[3] ?? 'output').replace(/^out$/, 'output');
  const to = (m[4] ?? 'input').replace(/^in$/, 'input');
  return [{ kind: 'drag', source: { name: from, kind: 'any', within: i.l.quotes[Number(m[2]!.slice(1))]!, handle: true }, dest: { name: to, kind: 'any', within: i.l.quotes[Number(m[5]!.slice(1))]!, handle: true } }];
}

export const examples: Example[] = [
  ['Drag the "inject" node from the palette onto the workspace', 'action', [{ kind: 'drag', source: { name: 'inject', draggable: true }, dest: { region: true } }]],
  ['Drag the "Fix bug" card to the "Done" column', 'action', [{ kind: 'drag', source: { name: 'Fix bug' }, dest: { name: 'Done', region: true } }]],
  ['Move "Box" into "Bin", below it', 'action', [{ kind: 'drag', source: { name: 'Box' }, dest: { name: 'Bin' }, position: 'below' }]],
  ['Connect the output of "A" to the input of "B"', 'action', [{ kind: 'drag', source: { name: 'output', within: 'A', handle: true }, dest: { name: 'input', within: 'B', handle: true } }]],
];
