import type { Draft } from './analysis.js';
import type { EvidenceStep, FailureEvidence } from './evidence.js';
import { excerpt } from './facts.js';
import { cancelled, upstream } from './rules-backend.js';

/** Frontend rules: the failed step and the runner's failure kind decide; each names the step. */
export function analyzeFrontend(e: FailureEvidence): Draft {
  const pre = cancelled(e) ?? upstream(e);
  if (pre) return pre;
  const step = failedStep(e);
  const f = e.failure;
  const err = excerpt(step?.error ?? f?.message ?? '', 200) || 'no error message was recorded';
  // Steps are 0-based in the data and counted from 1 in prose, as the run's own failure message does.
  const n = step ? step.index + 1 : 0;
  const where = step ? `Step ${n} (${step.type}: "${excerpt(step.description, 120)}")` : `'${e.testName}'`;
  const evidence = [
    ...(step ? [`step ${n} ${step.type}: ${excerpt(step.description, 120)} → ${step.status}`] : []),
    `error: ${excerpt(err, 160)}`,
  ];
  const mk = (kind: Draft['failureKind'], target: Draft['recommendedFixTarget'], confidence: Draft['confidence'], text: string, extra: string[] = []): Draft => ({
    failureKind: kind, recommendedFixTarget: target, confidence, rootCauseHypothesis: text, evidence: [...evidence, ...extra],
  });
  const kind = f?.kind ?? (step?.type === 'assertion' ? 'assertion' : undefined);
  const loc = step?.locator !== undefined ? locatorText(step.locator) : '';

  if (kind === 'step-not-understood') {
    return mk('step_not_understood', 'test', 'high', `${where} was not understood, so the app was never checked: ${err}`);
  }
  if (kind === 'locator-not-found' || (kind === 'timeout' && /waiting for (locator|get_?by|getBy)|locator\./i.test(err))) {
    return mk('locator_not_found', 'test', 'high', `${where} could not find its element${loc ? ` ${loc}` : ''}: ${err}. The page changed or the resolved locator is wrong: re-run with auto-heal to re-resolve it, or edit the step description so the step is re-planned. If the element was removed on purpose, the app changed and the plan must follow.`, loc ? [`locator: ${loc}`] : []);
  }
  if (kind === 'navigation') {
    return mk('navigation_error', 'environment', 'high', `${where} could not load ${e.targetUrl ?? 'the target URL'}: ${err}. The site is down, the URL is wrong, or it is not reachable from the runner.`, [`target: ${e.targetUrl ?? '(unset)'}`]);
  }
  if (kind === 'assertion') {
    return mk('assertion_failed', 'app', step ? 'high' : 'medium', `${where} did not hold: ${err}. The page did not show what the step expects, so the app behaves differently from the plan; if the plan is what is wrong, edit that step's description.`);
  }
  if (kind === 'page-error') {
    return mk('page_error', 'app', 'high', `The page threw an uncaught error during ${where.charAt(0).toLowerCase()}${where.slice(1)}: ${err}. Fix the app's client-side code (the browser console shows the stack).`, [`console: ${excerpt(f?.message ?? err, 160)}`]);
  }
  if (kind === 'auth-fetch') {
    return mk('auth_fetch_failed', 'environment', 'high', `Signing in with the project's test account failed before ${where.charAt(0).toLowerCase()}${where.slice(1)}: ${err}. Check the configured username and password and that the sign-in page works.`);
  }
  if (kind === 'timeout') {
    return mk('timeout', 'environment', 'medium', `${where} ran out of time: ${err}. The page is slow to respond or load from the runner; if it is always this slow, the app is.`);
  }
  if (kind === 'memory' || kind === 'crash') {
    return mk('resource_limit', 'environment', 'medium', `The browser ${kind === 'memory' ? 'ran out of memory' : 'crashed'} during ${where.charAt(0).toLowerCase()}${where.slice(1)}: ${err}. Give the runner more memory or check the page for runaway scripts.`);
  }
  return mk('unknown', 'environment', 'low', `${where} failed without a recognisable cause: ${err}. Look at the step's screenshot and the video.`);
}

function failedStep(e: FailureEvidence): EvidenceStep | undefined {
  const steps = e.steps ?? [];
  if (e.failedStepIndex !== undefined) {
    const s = steps.find((x) => x.index === e.failedStepIndex);
    if (s) return s;
  }
  return steps.find((s) => s.status === 'failed') ?? steps.find((s) => s.error);
}

/** {role:'button', name:'Save'} -> getByRole('button', { name: 'Save' }); anything else as compact JSON. */
function locatorText(l: unknown): string {
  if (typeof l === 'string') return excerpt(l, 120);
  if (l && typeof l === 'object') {
    const o = l as Record<string, unknown>;
    const by = ['role', 'label', 'text', 'placeholder', 'testId'].find((k) => typeof o[k] === 'string');
    if (by) {
      const fn = `getBy${by.charAt(0).toUpperCase()}${by.slice(1)}`;
      const name = by === 'role' && typeof o.name === 'string' ? `, { name: ${JSON.stringify(o.name)} }` : '';
      return `${fn}(${JSON.stringify(o[by])}${name})`;
    }
  }
  return excerpt(JSON.stringify(l) ?? '', 120);
}
