import { html, type Html } from './html.js';

/**
 * Form controls with their label, hint and error tied to the control (for= / aria-describedby /
 * aria-invalid), so that a screen reader announces why a field was refused, next to the field.
 */
export interface FieldSpec {
  name: string;
  /** The control's id when one page has several forms with this field name (default from `name`). */
  id?: string;
  label: string;
  value?: string;
  error?: string;
  hint?: string;
  type?: 'text' | 'url' | 'password' | 'textarea' | 'select' | 'file';
  options?: readonly (readonly [string, string])[];
  required?: boolean;
  autocomplete?: string;
  placeholder?: string;
  rows?: number;
  accept?: string;
}

export const fieldId = (name: string) => `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

function described(id: string, o: { hint?: string; error?: string }): string | undefined {
  const ids = [o.error ? `${id}-err` : '', o.hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

function notes(id: string, o: { hint?: string; error?: string }): Html {
  return html`${o.error ? html`<p class="field-error" id="${id}-err"><span aria-hidden="true">✗ </span>${o.error}</p>` : ''}${o.hint ? html`<p class="hint" id="${id}-hint">${o.hint}</p>` : ''}`;
}

export function field(o: FieldSpec): Html {
  const id = o.id ?? fieldId(o.name);
  const by = described(id, o);
  const common = html`id="${id}" name="${o.name}"${by ? html` aria-describedby="${by}"` : ''}${o.error ? html` aria-invalid="true"` : ''}${o.required ? html` required aria-required="true"` : ''}`;
  let control: Html;
  if (o.type === 'textarea') control = html`<textarea ${common} rows="${o.rows ?? 4}"${o.placeholder ? html` placeholder="${o.placeholder}"` : ''}>${o.value ?? ''}</textarea>`;
  else if (o.type === 'select')
    control = html`<select ${common}>${(o.options ?? []).map(([v, l]) => html`<option value="${v}"${v === (o.value ?? '') ? html` selected` : ''}>${l}</option>`)}</select>`;
  else if (o.type === 'file') control = html`<input type="file" ${common}${o.accept ? html` accept="${o.accept}"` : ''}>`;
  else
    control = html`<input type="${o.type ?? 'text'}" ${common} value="${o.value ?? ''}"${o.autocomplete ? html` autocomplete="${o.autocomplete}"` : ''}${o.placeholder ? html` placeholder="${o.placeholder}"` : ''}>`;
  return html`<div class="field${o.error ? ' has-error' : ''}"><label for="${id}">${o.label}${o.required ? html` <span class="req" aria-hidden="true">*</span>` : ''}</label>${control}${notes(id, o)}</div>`;
}

/** A group of radio buttons in a fieldset whose legend names it; the error is tied to every radio. */
export function radios(o: { name: string; legend: string; value?: string; error?: string; hint?: string; options: readonly (readonly [string, string])[]; disabled?: boolean; required?: boolean }): Html {
  const id = fieldId(o.name);
  const by = described(id, o);
  return html`<fieldset class="field radios${o.error ? ' has-error' : ''}" id="${id}"${by ? html` aria-describedby="${by}"` : ''}><legend>${o.legend}${o.required ? html` <span class="req" aria-hidden="true">*</span>` : ''}</legend>
    ${o.options.map(([v, l]) => html`<label class="radio"><input type="radio" name="${o.name}" value="${v}"${v === o.value ? html` checked` : ''}${o.disabled ? html` disabled` : ''}${o.error ? html` aria-invalid="true"` : ''}${o.required ? html` required` : ''}> ${l}</label>`)}
    ${notes(id, o)}</fieldset>`;
}

/** The list of problems at the top of a refused form, each linking to its field. */
export function errorSummary(errors: Record<string, string>, labels: Record<string, string>, general?: string): Html | '' {
  // In the order the fields appear (the labels' order), unknown ones last.
  const order = Object.keys(labels);
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  const keys = Object.keys(errors).sort((a, b) => rank(a) - rank(b));
  if (!keys.length && !general) return '';
  return html`<div class="banner bad" role="alert" id="form-errors" tabindex="-1"><strong>${general ?? 'Please correct the marked fields.'}</strong>
    ${keys.length ? html`<ul>${keys.map((k) => html`<li><a href="#${fieldId(k)}">${labels[k] ?? k}</a>: ${errors[k]}</li>`)}</ul>` : ''}</div>`;
}

/** A form's string values (files and repeated names aside). */
export function formStrings(form: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(form)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** Optional text: trimmed, and undefined when empty. */
export function optional(v: string | undefined): string | undefined {
  const t = v?.trim();
  return t ? t : undefined;
}

/** A document upload: a file or pasted text (a file wins), posted as multipart to `action`. */
export function uploadForm(o: { action: string; busy: string; file: FieldSpec; text: FieldSpec; button: string; secondary?: boolean; before?: Html | '' }): Html {
  return html`<form method="post" action="${o.action}" enctype="multipart/form-data" data-busy="${o.busy}">${o.before ?? ''}
      <div class="grid2">${field({ ...o.file, type: 'file' })}${field({ ...o.text, type: 'textarea', rows: 4 })}</div>
      <button class="btn${o.secondary ? ' secondary' : ''}" type="submit">${o.button}</button> <span class="busy" role="status" aria-live="polite"></span>
    </form>`;
}
