/**
 * Functions run in the page, shared by the run (`locator.evaluate(fn)`) and the exported Playwright
 * script (their source, written into it), so the two decide alike. Each stands alone: no imports, no
 * closures, plain DOM.
 */

/** What stands between a label and its value, or a key and what it points to: "Status: New", "next → 2.0". */
export const LABEL_SEPARATOR = ' ?(?:[:：=|•·→⇒›»>]|->|=>|–|—)(?= |$)';

/**
 * Whether `root` shows the text as a person reads it: its rendered text, without what CSS hides, and
 * without a label's punctuation or brackets ("Severity Critical" where it shows "Severity: Critical",
 * "(8 total)" where it goes on "(8 total, query took …)"); with `values`, a field's value counts too.
 * `sep` is LABEL_SEPARATOR (passed in: this runs in the page).
 */
export function textShownIn(root: Element, [t, values, sep]: readonly [string, boolean, string]): boolean {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  const loose = (s: string) => norm(norm(s).replace(new RegExp(sep, 'g'), ' ').replace(/[()[\]]/g, ' '));
  const shown = (root as HTMLElement).innerText ?? '';
  if (norm(shown).includes(norm(t)) || loose(shown).includes(loose(t))) return true;
  return values && Array.from(root.querySelectorAll('input, textarea, select')).some((f) => norm((f as HTMLInputElement).value ?? '').includes(norm(t)));
}

/**
 * Whether what a person sees as `e` is empty: a calendar's day that shows nothing but its own number,
 * a tab (or a tab's label) that counts nothing (no number but 0 on it), a field with no value, else an
 * element with no text.
 */
export function isEmpty(e: Element): boolean {
  const day = e.closest('[role=gridcell], td, [data-date]');
  if (day && !e.matches('input, textarea') && (day.hasAttribute('data-date') || day.getAttribute('role') === 'gridcell')) return !((day as HTMLElement).innerText ?? '').replace(/\d+|\s+/g, '').trim();
  if (e.closest('[role=tab]') || e.matches('[class*=tab i]:not(input, textarea, [contenteditable])')) return !/(?:^|\D)[1-9]\d*(?:\D|$)/.test((e as HTMLElement).innerText ?? '');
  const v = (e as HTMLInputElement).value;
  return typeof v === 'string' ? v === '' : (e.textContent ?? '').trim() === '';
}

/**
 * Whether a field selected by `sel` holds the text in its value (a value shows on screen as text does).
 * `served`: only a value the page came with (an entry's form), not one being typed in the field.
 */
export function fieldValueHas([t, sel, served]: readonly [string, string, boolean]): boolean {
  return Array.from(document.querySelectorAll(sel)).some((e) => {
    const f = e as HTMLInputElement;
    if (served && (f.value !== f.defaultValue || f === document.activeElement || /^(?:hidden|password|checkbox|radio|submit|button|reset|image|file)$/.test(f.type))) return false;
    return f.value.includes(t) && f.offsetParent !== null;
  });
}

/** An empty field whose placeholder reads the text ("Username", "Search…"): a person sees that word in the box. */
export function placeholderReads(t: string): boolean {
  return Array.from(document.querySelectorAll('input[placeholder], textarea[placeholder]')).some((e) => {
    const f = e as HTMLInputElement;
    return !f.value && f.offsetParent !== null && (f.placeholder ?? '').replace(/[\s.…]+$/, '').trim().toLowerCase() === t.trim().toLowerCase();
  });
}
