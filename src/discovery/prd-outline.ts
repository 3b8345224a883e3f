/**
 * A PRD as an outline: headings with their prose and items (list entries, table rows). Markdown is
 * read directly; plain text (and PDF text) is first given headings by its numbering, capitals,
 * underlines and trailing colons.
 */
export interface Section {
  level: number;
  title: string;
  prose: string[];
  items: { text: string; ordered: boolean }[];
  children: Section[];
}

export function isMarkdown(text: string): boolean {
  return /^#{1,6}\s+\S/m.test(text) || /^\|.*\|\s*$/m.test(text);
}

/** Plain text → Markdown-ish: numbered or shouting or underlined lines become headings. */
export function plainToMarkdown(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  const first = lines.findIndex((l) => l.trim());
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\s+$/, '');
    const next = lines[i + 1] ?? '';
    const t = line.trim();
    if (t && /^={3,}$/.test(next.trim())) {
      out.push(`# ${t}`);
      i++;
    } else if (t && /^-{3,}$/.test(next.trim())) {
      out.push(`## ${t}`);
      i++;
    } else if (/^\d+(\.\d+)*\.?\s+\S/.test(t) && t.length <= 70 && !/[.;,]$/.test(t) && line === t && (next.trim() === '' || /^\s/.test(next) || /^[-*•]/.test(next.trim()))) {
      const depth = (t.match(/^\d+(\.\d+)*/)![0].match(/\./g)?.length ?? 0) + 2;
      out.push(`${'#'.repeat(Math.min(depth, 6))} ${t}`);
    } else if (t.length >= 3 && t.length <= 60 && t === t.toUpperCase() && /[A-Z]{3}/.test(t) && !/^[-*•]/.test(t)) {
      out.push(`${i === first ? '#' : '##'} ${t.charAt(0)}${t.slice(1).toLowerCase()}`);
    } else if (/^[A-Z][^.!?]{1,58}:$/.test(t) && line === t) {
      out.push(`## ${t.slice(0, -1)}`);
    } else {
      out.push(line.replace(/^(\s*)[•▪◦]\s+/, '$1- ').replace(/^(\s*)(\d+)\)\s+/, '$1$2. '));
    }
  }
  return out.join('\n');
}

function clean(s: string): string {
  return s.replace(/\*\*|__|`/g, '').replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').replace(/\s+/g, ' ').trim();
}

export function outline(markdown: string): Section {
  const root: Section = { level: 0, title: '', prose: [], items: [], children: [] };
  const stack: Section[] = [root];
  let inFence = false;
  let lastItem: { text: string; ordered: boolean } | null = null;
  let itemIndent = 0;
  for (const raw of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(raw)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const cur = stack[stack.length - 1]!;
    const h = raw.match(/^(#{1,6})\s+(.+?)\s*#*\s*$/);
    if (h) {
      const sec: Section = { level: h[1]!.length, title: clean(h[2]!), prose: [], items: [], children: [] };
      while (stack.length > 1 && stack[stack.length - 1]!.level >= sec.level) stack.pop();
      stack[stack.length - 1]!.children.push(sec);
      stack.push(sec);
      lastItem = null;
      continue;
    }
    const row = raw.match(/^\s*\|(.+)\|\s*$/);
    if (row) {
      const cells = row[1]!.split('|').map(clean);
      if (cells.every((c) => /^:?-{2,}:?$/.test(c) || !c)) continue;
      if (cells.some((c) => /^(id|requirement|description|name|#)$/i.test(c)) && !cur.items.length) continue; // header row
      cur.items.push({ text: cells.filter(Boolean).join(': '), ordered: false });
      lastItem = null;
      continue;
    }
    const li = raw.match(/^(\s*)([-*+]|\d+[.)])\s+(.*)$/);
    if (li) {
      // A nested entry belongs to the entry above it.
      if (lastItem && li[1]!.length >= itemIndent + 2) lastItem.text += ` ${clean(li[3]!)}`;
      else {
        itemIndent = li[1]!.length;
        lastItem = { text: clean(li[3]!), ordered: /\d/.test(li[2]!) };
        cur.items.push(lastItem);
      }
      continue;
    }
    if (raw.trim() && lastItem && /^\s{2,}\S/.test(raw)) {
      lastItem.text += ` ${clean(raw)}`;
      continue;
    }
    lastItem = null;
    if (raw.trim()) cur.prose.push(clean(raw));
  }
  return root;
}
