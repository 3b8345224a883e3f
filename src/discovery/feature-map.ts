import { SvcError } from '../contract/errors.js';
import type { ModelProvider } from '../ai/provider.js';
import { FeatureMap, type Feature, type UseCase } from '../contract/discovery.js';
import { isMarkdown, outline, plainToMarkdown, type Section } from './prd-outline.js';

const NOT_FEATURES = /^(\d+(\.\d+)*\.?\s*)?(summary|overview|introduction|background|goals?|non-goals|objectives?|users?( and personas)?|personas?|glossary|appendix|references?|open questions|out of scope|non-functional.*|table of contents|contents|status|revision history|changelog|metrics|success metrics|timeline|milestones)$/i;
const CONTAINER = /\b(features?|requirements|capabilities|functionality|modules)\b/i;
const USE_CASES = /\b(use cases?|user stories|scenarios|user flows?|journeys?)\b/i;

function slug(s: string): string {
  return s.toLowerCase().replace(/^\d+(\.\d+)*\.?\s*/, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 48) || 'item';
}
function stem(w: string): string {
  return w.toLowerCase().replace(/ing$/, '').replace(/(ies)$/, 'y').replace(/s$/, '').replace(/(.)\1$/, '$1');
}
function firstSentence(s: string): string {
  const t = s.replace(/^[A-Z]{2,}-\d+:\s*/, '');
  const m = t.match(/^(.+?[.!?])(\s|$)/);
  const out = (m ? m[1]! : t).replace(/[.!?]$/, '');
  return out.length > 90 ? `${out.slice(0, 87)}…` : out;
}
function name(title: string): string {
  return title.replace(/^\d+(\.\d+)*\.?\s*/, '').trim();
}

function unique(ids: Set<string>, base: string): string {
  let id = base;
  for (let i = 2; ids.has(id); i++) id = `${base}-${i}`;
  ids.add(id);
  return id;
}

/** Sections that hold features: the children of a "Features/Requirements" heading, else the top level. */
function featureSections(root: Section): { features: Section[]; useCaseSections: Section[] } {
  const all: Section[] = [];
  const walk = (s: Section) => s.children.forEach((c) => (all.push(c), walk(c)));
  walk(root);
  const useCaseSections = all.filter((s) => USE_CASES.test(s.title) && !s.children.length);
  // "Features" beats "Requirements" (a document title often says requirements); deeper beats shallower.
  const container = all
    .filter((s) => CONTAINER.test(s.title) && s.children.length > 0 && !USE_CASES.test(s.title))
    .sort((a, b) => Number(/\bfeatures?\b/i.test(b.title)) - Number(/\bfeatures?\b/i.test(a.title)) || b.level - a.level)[0];
  if (container) return { features: container.children, useCaseSections };
  let top = root.children;
  while (top.length === 1 && top[0]!.children.length) top = top[0]!.children;
  return { features: top.filter((s) => !NOT_FEATURES.test(s.title) && !USE_CASES.test(s.title)), useCaseSections };
}

/**
 * Deterministic feature map from a PRD: features from headings, use cases from the items (list
 * entries, requirement table rows, sub-headings) under them, and flows from a "Use cases" section
 * (the features each scenario passes through, in order) and from explicit `A -> B` arrows.
 * Ids are slugs of the names, so re-extracting an edited PRD keeps unchanged ids stable.
 */
export function extractFeatureMapRules(prdText: string): FeatureMap {
  const md = isMarkdown(prdText) ? prdText : plainToMarkdown(prdText);
  const { features: sections, useCaseSections } = featureSections(outline(md));
  const ids = new Set<string>();
  const features: Feature[] = [];
  const keys = new Map<string, string[]>();
  for (const s of sections) {
    if (NOT_FEATURES.test(s.title)) continue;
    const fid = unique(ids, slug(s.title));
    const useCases: UseCase[] = [];
    const add = (label: string, description: string) => useCases.push({ id: unique(ids, `${fid}/${slug(label)}`), name: label, description });
    for (const it of s.items) {
      const reqId = it.text.match(/^([A-Z]{2,}-\d+):/)?.[1];
      add(reqId ? `${reqId} ${firstSentence(it.text)}` : firstSentence(it.text), it.text.slice(0, 1000));
    }
    for (const c of s.children) add(name(c.title), [...c.prose, ...c.items.map((i) => i.text)].join(' ').slice(0, 1000));
    features.push({ id: fid, name: name(s.title), description: s.prose.join(' ').slice(0, 1000), useCases });
    const prefixes = s.items.map((i) => i.text.match(/^([A-Z]{2,})-\d+:/)?.[1]).filter((x): x is string => !!x);
    keys.set(fid, [...name(s.title).split(/[^A-Za-z]+/).filter((w) => w.length > 2 && !/^(and|the|for|with)$/i.test(w)).map(stem), ...new Set(prefixes)]);
  }
  const flows: FeatureMap['flows'] = [];
  const seen = new Set<string>();
  const edge = (from: string, to: string, label?: string) => {
    const k = `${from}>${to}`;
    if (from === to || seen.has(k)) return;
    seen.add(k);
    flows.push(label ? { from, to, label } : { from, to });
  };
  const touched = (text: string) => {
    const words = text.split(/[^A-Za-z0-9-]+/).map(stem);
    const hits: { id: string; at: number }[] = [];
    for (const [fid, ks] of keys) {
      const at = Math.min(...ks.map((k) => (/^[A-Z]{2,}$/.test(k) ? text.search(new RegExp(`\\b${k}-\\d+`)) : words.indexOf(k))).filter((i) => i >= 0).map((i) => i), Infinity);
      if (at !== Infinity) hits.push({ id: fid, at });
    }
    return hits.sort((a, b) => a.at - b.at).map((h) => h.id);
  };
  for (const sec of useCaseSections) {
    for (const it of sec.items) {
      const path = touched(it.text);
      const label = firstSentence(it.text).slice(0, 80);
      for (let i = 1; i < path.length; i++) edge(path[i - 1]!, path[i]!, label);
    }
  }
  const byName = new Map<string, string>();
  for (const f of features) {
    byName.set(f.name.toLowerCase(), f.id);
    for (const u of f.useCases) byName.set(u.name.toLowerCase(), u.id);
  }
  for (const m of prdText.matchAll(/([A-Za-z][\w ]{1,60}?)\s*(?:->|→|=>)\s*([A-Za-z][\w ]{1,60})/g)) {
    const a = byName.get(m[1]!.trim().toLowerCase());
    const b = byName.get(m[2]!.trim().toLowerCase());
    if (a && b) edge(a, b);
  }
  return { features, flows, source: 'rules' };
}

/** Text of an uploaded PRD: Markdown or plain text as is, PDF through pdf-parse. */
export async function extractPrdText(buffer: Buffer, filename = ''): Promise<string> {
  const isPdf = /\.pdf$/i.test(filename) || buffer.subarray(0, 5).toString('latin1') === '%PDF-';
  if (isPdf) {
    const { PDFParse } = await import('pdf-parse');
    const parser = new PDFParse({ data: new Uint8Array(buffer) });
    try {
      const text = (await parser.getText()).text.replace(/\n-- \d+ of \d+ --\n/g, '\n').trim();
      if (!text) throw new SvcError('VALIDATION_ERROR', `${filename || 'The PDF'} has no extractable text (a scanned document?)`, { nextAction: 'Upload the PRD as Markdown or plain text' });
      return text;
    } catch (e) {
      if (e instanceof SvcError) throw e;
      throw new SvcError('VALIDATION_ERROR', `Could not read ${filename || 'the PDF'}: ${(e as Error).message}`, { nextAction: 'Upload the PRD as Markdown or plain text' });
    } finally {
      await parser.destroy().catch(() => undefined);
    }
  }
  if (buffer.includes(0)) throw new SvcError('VALIDATION_ERROR', `${filename || 'The PRD'} is a binary file, not text`, { nextAction: 'Upload Markdown, plain text or a PDF with text' });
  return buffer.toString('utf8').replace(/^\uFEFF/, '');
}

/**
 * The feature map, by rules; a configured model may refine it. A refinement that is not a valid
 * map (or fails) leaves the rules' map in place with a warning.
 */
export async function extractFeatureMap(prdText: string, opts: { provider?: ModelProvider; signal?: AbortSignal } = {}): Promise<FeatureMap> {
  const base = extractFeatureMapRules(prdText);
  if (!opts.provider?.available) return base;
  try {
    const answer = await opts.provider.complete({
      json: true,
      temperature: 0,
      signal: opts.signal,
      messages: [
        { role: 'system', content: 'You improve feature maps extracted from product requirement documents. Answer with JSON {features:[{id,name,description,useCases:[{id,name,description}]}],flows:[{from,to,label}]} only. Keep existing ids where the feature is the same.' },
        { role: 'user', content: `Draft map:\n${JSON.stringify({ features: base.features, flows: base.flows })}\n\nPRD:\n${prdText.slice(0, 20_000)}` },
      ],
    });
    const parsed = FeatureMap.parse(JSON.parse(answer));
    const known = new Set(parsed.features.flatMap((f) => [f.id, ...f.useCases.map((u) => u.id)]));
    if (!parsed.features.length) throw new Error('no features');
    return { features: parsed.features, flows: parsed.flows.filter((f) => known.has(f.from) && known.has(f.to)), source: 'model' };
  } catch (e) {
    return { ...base, warnings: [`model refinement ignored: ${(e as Error).message.slice(0, 200)}`] };
  }
}
