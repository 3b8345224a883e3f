/** A cell on one line: line breaks and runs of spaces become one space. */
export function oneLine(c: string): string {
  return c.replace(/\s*[\r\n]+\s*/g, ' ').replace(/\t/g, ' ').trim();
}

/** Plain aligned columns, as in most CLIs: header row, then one row per item; every cell on one line. */
export function renderTable(headers: string[], rows: (string | number | null | undefined)[][]): string {
  const cells = rows.map((r) => r.map((c) => (c === null || c === undefined || c === '' ? '-' : oneLine(String(c)) || '-')));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return `${[line(headers), ...cells.map(line)].join('\n')}\n`;
}

/** key: value lines with aligned values. */
export function renderFields(fields: [string, unknown][]): string {
  const w = Math.max(...fields.map(([k]) => k.length));
  return `${fields
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${`${k}:`.padEnd(w + 2)}${v === null ? '-' : Array.isArray(v) ? v.join(', ') || '-' : typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join('\n')}\n`;
}
