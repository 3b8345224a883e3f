/**
 * Draft frontend test cases. Fully explored features reference their observed flow; features that
 * could not be explored (failed, blocked, or only named in the PRD) fall back to the PRD's use cases
 * or the project description. Cases start selected; see plan-edit.ts for natural-language edits.
 */
import type { ExploredFeature } from './explore.js';
import { slug } from './resolve-target.js';
import type { PlanStep } from './types.js';

export interface PrdFeature {
  name: string;
  description?: string;
  useCases?: string[];
}

export interface PlanCase {
  id: string;
  title: string;
  featureId: string;
  source: 'exploration' | 'prd' | 'description';
  steps: PlanStep[];
  selected: boolean;
}

export interface DraftInput {
  features: ExploredFeature[];
  prdFeatures?: PrdFeature[];
  /** The project's description / extra context. */
  description?: string;
}

const ASSERTION = /^(verify|check that|check if|assert|expect|ensure|confirm|make sure|should|the page shows|see)\b/i;
export function stepOf(text: string): PlanStep {
  const description = text.trim().replace(/\s+/g, ' ');
  return { type: ASSERTION.test(description) ? 'assertion' : 'action', description };
}

const words = (s: string) => s.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 4).map((w) => w.replace(/s$/, ''));
function related(a: string, b: string): boolean {
  const wb = words(b);
  return slug(a) === slug(b) || words(a).some((w) => wb.includes(w));
}

function title(f: ExploredFeature): string {
  if (f.kind === 'form') return `${f.name} form submits`;
  if (f.kind === 'action') return `${f.name} works`;
  return `${f.name} page loads`;
}

/** Fallback steps for a feature nobody could walk through. */
function fallbackSteps(f: { name: string; url: string; status?: string; observedSteps?: PlanStep[] }, extra: string[]): PlanStep[] {
  // Behind sign-in when it was blocked there, or when its exploration signed in before it failed:
  // without it the case would check the sign-in page instead of the feature.
  const signIn = f.status === 'blocked' || (f.observedSteps?.[0]?.description === 'Sign in');
  return [
    ...(signIn ? [stepOf('Sign in')] : []),
    ...(f.url ? [stepOf(`Go to ${f.url}`)] : []),
    ...extra.map(stepOf),
    stepOf(`Verify "${f.name.split(':')[0]!.trim()}" is visible`),
    stepOf('The page shows no error'),
  ];
}

function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+|\n+/).map((s) => s.trim().replace(/[.!?]+$/, '')).filter((s) => s.length > 3);
}

export function draftPlans(input: DraftInput): PlanCase[] {
  const cases: PlanCase[] = [];
  const prd = input.prdFeatures ?? [];
  const usedPrd = new Set<string>();
  for (const f of input.features) {
    const p = prd.find((x) => x.name === f.prdFeature) ?? prd.find((x) => related(x.name, f.name));
    if (p) usedPrd.add(p.name);
    if (f.status === 'done' && f.observedSteps.length) {
      cases.push({ id: `case-${f.id}`, title: title(f), featureId: f.id, source: 'exploration', steps: f.observedSteps.map((s) => ({ ...s })), selected: true });
    } else if (p) {
      cases.push({ id: `case-${f.id}`, title: `${p.name}`, featureId: f.id, source: 'prd', steps: fallbackSteps({ ...f, name: p.name }, p.useCases ?? []), selected: true });
    } else {
      const related_ = input.description ? sentences(input.description).filter((s) => related(s, f.name)) : [];
      cases.push({ id: `case-${f.id}`, title: title(f), featureId: f.id, source: 'description', steps: fallbackSteps(f, related_), selected: true });
    }
  }
  for (const p of prd) {
    if (usedPrd.has(p.name) || cases.some((c) => c.featureId === `prd-${slug(p.name)}`)) continue;
    cases.push({ id: `case-prd-${slug(p.name)}`, title: p.name, featureId: `prd-${slug(p.name)}`, source: 'prd', steps: fallbackSteps({ name: p.name, url: '' }, p.useCases ?? []), selected: true });
  }
  return cases;
}
