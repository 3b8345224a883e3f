import type { ApiEndpoint, CaseCategory, PlannedCase, Priority } from '../contract/discovery.js';
import { CASE_CATEGORIES } from '../contract/discovery.js';
import { singular } from './paths.js';

/**
 * Focus instructions ("only users endpoints", "skip security", "prioritize posts", "read-only")
 * read by rules into a filter. Sentences the rules do not understand are reported, not guessed.
 */
export interface Focus {
  onlyResources: string[];
  skipResources: string[];
  onlyCategories: CaseCategory[];
  skipCategories: CaseCategory[];
  boost: string[];
  readOnly: boolean;
  warnings: string[];
}

const CATEGORY_WORDS: Record<string, CaseCategory> = {
  functional: 'functional', 'happy path': 'functional', 'happy-path': 'functional',
  auth: 'auth', authentication: 'auth', authorization: 'auth',
  error: 'error', errors: 'error', 'error handling': 'error', 'edge case': 'error', 'edge cases': 'error', negative: 'error',
  boundary: 'boundary', boundaries: 'boundary', load: 'boundary', limits: 'boundary',
  security: 'security', injection: 'security', probes: 'security',
};

function categoriesIn(text: string): CaseCategory[] {
  const out = new Set<CaseCategory>();
  for (const [w, c] of Object.entries(CATEGORY_WORDS)) if (new RegExp(`\\b${w}\\b`, 'i').test(text)) out.add(c);
  return [...out].filter((c) => CASE_CATEGORIES.includes(c));
}

function resourcesIn(text: string): string[] {
  const words = text
    .replace(/\b(the|and|or|only|endpoints?|routes?|resources?|apis?|tests?|cases?|family|families|on|focus|test|skip|exclude|ignore|without|no|except|prioriti[sz]e|more|of|for|please|just)\b/gi, ' ')
    .split(/[\s,]+/)
    .map((w) => w.trim().replace(/^\/+/, '').toLowerCase())
    .filter(Boolean);
  return words.map((w) => w.split('/')[0]!).filter((w) => /^[a-z][\w.-]*$/.test(w));
}

export function parseFocus(instructions: string | undefined): Focus {
  const f: Focus = { onlyResources: [], skipResources: [], onlyCategories: [], skipCategories: [], boost: [], readOnly: false, warnings: [] };
  if (!instructions?.trim()) return f;
  for (const raw of instructions.split(/[.;\n]+/)) {
    const s = raw.trim();
    if (!s) continue;
    if (/\b(read[- ]only|no writes|only (?:get|reads?))\b/i.test(s)) {
      f.readOnly = true;
      continue;
    }
    const cats = categoriesIn(s);
    const only = /\b(only|just)\b/i.test(s);
    const skip = /\b(skip|exclude|ignore|without|no|don'?t|do not|except)\b/i.test(s);
    const boost = /\b(focus|prioriti[sz]e|emphasi[sz]e|more)\b/i.test(s);
    const mentionsCases = /\b(tests?|cases?|probes?|checks?)\b/i.test(s) || cats.length > 0;
    if (cats.length && !/\bendpoints?\b/i.test(s)) {
      if (skip) f.skipCategories.push(...cats);
      else if (only) f.onlyCategories.push(...cats);
      else if (boost) f.boost.push(...cats);
      else f.warnings.push(`focus instruction not understood: "${s}"`);
      continue;
    }
    const res = resourcesIn(s);
    if (res.length && (only || skip || boost)) {
      if (skip) f.skipResources.push(...res);
      else if (only) f.onlyResources.push(...res);
      else f.boost.push(...res);
      continue;
    }
    f.warnings.push(`focus instruction not understood: "${s}"${mentionsCases ? '' : ' (try "only users endpoints", "skip security tests" or "prioritize posts")'}`);
  }
  return f;
}

/** Does a resource word ("users", "posts", "/admin") name this endpoint's family or path? */
export function endpointMatches(ep: ApiEndpoint, word: string): boolean {
  const w = word.toLowerCase().replace(/^\//, '');
  const fam = ep.family.toLowerCase().split('.');
  const root = fam[0] ?? '';
  return root === w || singular(root) === singular(w) || ep.family.toLowerCase() === w || ep.path.toLowerCase().startsWith(`/${w}`);
}

const BUMP: Record<Priority, Priority> = { p0: 'p0', p1: 'p0', p2: 'p1', p3: 'p2' };
export function bump(p: Priority): Priority {
  return BUMP[p];
}

export function applyFocus(cases: PlannedCase[], byId: Map<string, ApiEndpoint>, f: Focus): PlannedCase[] {
  return cases
    .filter((c) => {
      const ep = byId.get(c.endpointId)!;
      if (f.readOnly && !['GET', 'HEAD', 'OPTIONS'].includes(c.method)) return false;
      if (f.onlyResources.length && !f.onlyResources.some((w) => endpointMatches(ep, w))) return false;
      if (f.skipResources.some((w) => endpointMatches(ep, w))) return false;
      if (f.onlyCategories.length && !f.onlyCategories.includes(c.category)) return false;
      if (f.skipCategories.includes(c.category)) return false;
      return true;
    })
    .map((c) => {
      const ep = byId.get(c.endpointId)!;
      const boosted = f.boost.some((b) => b === c.category || endpointMatches(ep, b));
      return boosted ? { ...c, priority: bump(c.priority) } : c;
    });
}
