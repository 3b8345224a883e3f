/**
 * A tiny HTML template tag: every interpolated value is escaped unless it is already `Html`
 * (the result of another html`` or of raw()). Arrays are joined; null, undefined and false vanish.
 * Pages are built only through this tag so that no recorded byte reaches the browser unescaped.
 */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"'`]/g, (c) => ESC[c]!);
}

export type Part = Html | string | number | boolean | null | undefined | Part[];

function render(v: Part): string {
  if (v === null || v === undefined || v === false || v === true) return '';
  if (v instanceof Html) return v.text;
  if (Array.isArray(v)) return v.map(render).join('');
  return escapeHtml(String(v));
}

export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new Html(out);
}

/** Trusted markup (constants only — never data). */
export function raw(s: string): Html {
  return new Html(s);
}
