/**
 * The English the reader leans on, from compromise (an offline NLP library): a verb's lemma
 * ("clicks", "ticked", "hovering" → click, tick, hover) and whether a word is a verb at all, read in
 * the position of an imperative ("you <word> it") so that "Trash the draft" or "Toggle dark mode"
 * are read as verbs the way a person reads them. Results are cached: a plan repeats its words.
 */
import nlp from 'compromise';

const lemmas = new Map<string, string | null>();

/** The verb's base form, or null when the word is not read as a verb. */
export function verbLemma(word: string): string | null {
  const w = word.toLowerCase();
  const cached = lemmas.get(w);
  if (cached !== undefined) return cached;
  let out: string | null = null;
  // Hyphenated and compound verbs keep their parts: "double-clicks" → "double-click".
  const hyphen = /^(.+-)([a-z]+)$/.exec(w);
  if (hyphen) {
    const tail = verbLemma(hyphen[2]!);
    out = tail ? hyphen[1] + tail : null;
  } else if (/^[a-z]+$/.test(w)) {
    const doc = nlp(`you ${w} it`);
    const v = doc.verbs().json()[0] as { verb?: { infinitive?: string } } | undefined;
    const inf = v?.verb?.infinitive?.split(' ')[0];
    out = inf && doc.terms().json()[1]?.terms?.[0]?.tags?.includes('Verb') ? inf : null;
  }
  lemmas.set(w, out);
  return out;
}

/** Third-person or past forms the tagger may miss, by rule: "presses" → "press", "typed" → "type". */
export function stem(word: string): string[] {
  const w = word.toLowerCase();
  const out = [w];
  if (/ies$/.test(w)) out.push(w.replace(/ies$/, 'y'));
  if (/(?:ss|sh|ch|x|z|o)es$/.test(w)) out.push(w.slice(0, -2));
  if (/s$/.test(w) && !/ss$/.test(w)) out.push(w.slice(0, -1));
  if (/ed$/.test(w)) out.push(w.slice(0, -2), w.slice(0, -1));
  if (/ing$/.test(w)) out.push(w.slice(0, -3), `${w.slice(0, -3)}e`);
  return out;
}

/** Words of a page's structure, not of its content: not worth looking for as text. */
const STRUCTURE = /^(?:page|pages|link|links|button|buttons|item|items|entry|entries|section|sections|tab|tabs|field|fields|box|row|rows|column|columns|list|lists|text|line|lines|screen|view|panel|pane|thing|things|option|options|label|labels|value|values|part|area|top|bottom|left|right|side|one|ones|it|they|them|that|this|there|which|who|what|way|kind|sort|state|status|number|count|result|results|table|header|footer|heading|title|message|icon|menu|the|a|an)$/i;

/**
 * The words of a phrase that say what a page must show: names, nouns, numbers, and literals (an
 * address, an id, an amount), in their written case; plurals also match their singular ("weeks"
 * on a page that shows "Week 1"). Structure words ("page", "row", "button") are left out.
 */
export function salient(phrase: string): string[] {
  const out: string[] = [];
  // Parts of speech as the sentence uses them ("your IP address": a noun), else of the word alone.
  const inContext = new Map<string, string[]>();
  for (const t of nlp(phrase).terms().json() as Array<{ text?: string; terms?: Array<{ tags?: string[] }> }>) {
    const key = (t.text ?? '').toLowerCase();
    if (key && !inContext.has(key)) inContext.set(key, t.terms?.[0]?.tags ?? []);
  }
  for (const raw of phrase.split(/\s+/)) {
    const w = raw.replace(/^[("'[{,;.]+|[)"'\]},;.!?]+$/g, '');
    if (!w) continue;
    if (/[@:$#/=<>]|\d/.test(w)) {
      out.push(w);
      continue;
    }
    if ((w.length < 3 && !/^[A-Z]{2}$/.test(w)) || STRUCTURE.test(w) || /^(?:its|their|your|our|his|her|my|you|we|they|i)$/i.test(w)) continue;
    const tags: string[] = inContext.get(w.toLowerCase()) ?? (nlp(w).terms().json()[0] as { terms?: Array<{ tags?: string[] }> } | undefined)?.terms?.[0]?.tags ?? [];
    const capital = /^[A-Z]/.test(w);
    if (!(capital || tags.includes('Noun') || tags.includes('Value') || tags.includes('Acronym')) || tags.includes('Pronoun') || tags.includes('Determiner') || tags.includes('Preposition')) continue;
    out.push(w.length > 4 && /^[a-z]+[^s]s$/.test(w) && !capital ? w.replace(/(?:(?<=sh|ch|x|z)es|s)$/, '') : w);
  }
  return [...new Set(out)];
}

/** The tagger's parts of speech for each word of a lower-cased sentence (placeholders read as names). */
export function tagWords(words: string[]): string[][] {
  const text = words.map((w) => (/^[qu]\d+$/.test(w) ? 'Xyz' : w.replace(/[^\w'-]/g, '') || 'x')).join(' ');
  const terms = nlp(text).terms().json() as Array<{ terms?: Array<{ tags?: string[] }> }>;
  if (terms.length !== words.length) return words.map(() => []);
  return terms.map((t) => t.terms?.[0]?.tags ?? []);
}
