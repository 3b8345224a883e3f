import { z } from 'zod';
import { analyzeFailure, FailureKind, FixTarget, type Analysis } from './analysis.js';
import { supports, TARGETS_FOR } from './consistency.js';
import type { FailureEvidence } from './evidence.js';
import { buildPrompt } from './prompt.js';
import type { ModelProvider } from './provider.js';

/**
 * Lets a configured model refine the built-in analysis. The model may reword the hypothesis and add
 * evidence; it may change failureKind or recommendedFixTarget only where the evidence rules allow
 * (consistency.ts) and never over a high-confidence rule. A contradicting answer, any provider error,
 * timeout or malformed answer returns the built-in analysis unchanged. The verdict of the run is never touched here.
 */
const ModelRefinement = z.object({
  rootCauseHypothesis: z.string().trim().min(1).max(4000),
  evidence: z.array(z.unknown()).optional(),
  failureKind: z.unknown().optional(),
  recommendedFixTarget: z.unknown().optional(),
});
type ModelRefinement = z.infer<typeof ModelRefinement>;

export function parseRefinement(content: string): ModelRefinement | null {
  const unfenced = content.replace(/^\s*```(?:json)?\s*/i, '').replace(/\s*```\s*$/, '');
  const start = unfenced.indexOf('{');
  const end = unfenced.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const r = ModelRefinement.safeParse(JSON.parse(unfenced.slice(start, end + 1)));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/**
 * Null when the model contradicts the evidence rules (a kind the evidence does not support, a kind
 * change over a high-confidence rule, or a fix target that does not fit the kind): such an answer is
 * discarded entirely, prose included, since its wording argues for the rejected conclusion.
 */
export function mergeRefinement(e: FailureEvidence, base: Analysis, r: ModelRefinement, providerName: string): Analysis | null {
  const kindParse = FailureKind.safeParse(r.failureKind);
  const targetParse = FixTarget.safeParse(r.recommendedFixTarget);
  if (r.failureKind != null && !kindParse.success) return null;
  if (r.recommendedFixTarget != null && !targetParse.success) return null;
  const failureKind = kindParse.success ? kindParse.data : base.failureKind;
  const kindChanged = failureKind !== base.failureKind;
  if (kindChanged && (base.confidence === 'high' || !supports(failureKind, e))) return null;
  let recommendedFixTarget = targetParse.success ? targetParse.data : base.recommendedFixTarget;
  if (!TARGETS_FOR[failureKind].includes(recommendedFixTarget)) {
    if (targetParse.success) return null;
    recommendedFixTarget = TARGETS_FOR[failureKind][0]!;
  }
  if (!kindChanged && recommendedFixTarget !== base.recommendedFixTarget && base.confidence === 'high') return null;
  // The hypothesis must still name what failed, so a reader of JSON alone can find it.
  const anchor = base.failingCall ? `${base.failingCall.method} ${base.failingCall.path.split('?')[0]}` : null;
  let hypothesis = r.rootCauseHypothesis.slice(0, 2000);
  if (anchor && !hypothesis.includes(anchor)) hypothesis = `${anchor}: ${hypothesis}`;
  const extra = (r.evidence ?? [])
    .filter((x): x is string => typeof x === 'string' && x.trim() !== '')
    .map((x) => x.trim().slice(0, 300));
  return {
    ...base,
    failureKind,
    recommendedFixTarget,
    rootCauseHypothesis: hypothesis,
    confidence: kindChanged || recommendedFixTarget !== base.recommendedFixTarget ? 'medium' : base.confidence,
    evidence: [...new Set([...base.evidence, ...extra])].slice(0, 12),
    provider: providerName,
  };
}

export async function analyzeWithModel(e: FailureEvidence, provider: ModelProvider, base?: Analysis): Promise<Analysis> {
  const builtin = base ?? analyzeFailure(e);
  if (!provider.available) return builtin;
  try {
    const content = await provider.complete({ messages: buildPrompt(e, builtin), json: true, temperature: 0, maxTokens: 900 });
    const r = parseRefinement(content);
    return (r && mergeRefinement(e, builtin, r, provider.name)) ?? builtin;
  } catch {
    return builtin;
  }
}
