/**
 * Exploration: find the product's features (navigation entries, forms, primary actions) from the
 * starting URL, then visit each in its own recorded context. Status per feature: exploring → done,
 * failed (the page broke or a step did not work) or blocked (sign-in needed and no usable account).
 * Feature ids are stable, so a single feature can be retried with `only: [id]`.
 */
import { join } from 'node:path';
import { getDefaultPool, type BrowserPool } from './browser.js';
import { isSignInWall, navigationEntries, readPage, sampleValue, type FormInfo, type PageInfo } from './explore-discover.js';
import { visitFeature, type VisitStep } from './explore-visit.js';
import { DEFAULT_TEST_ID_ATTRIBUTES, slug } from './resolve-target.js';
import { settle, watchPages } from './page-still.js';
import { performSignIn, resolveSignIn } from './sign-in.js';
import type { PlanStep, TestAccount } from './types.js';

export type FeatureKind = 'navigation' | 'form' | 'action';
export type FeatureStatus = 'exploring' | 'done' | 'failed' | 'blocked';

export interface ExploredFeature {
  id: string;
  name: string;
  /** Path relative to the starting URL ('' when the feature was not found). */
  url: string;
  kind: FeatureKind;
  status: FeatureStatus;
  reason?: string;
  /** The PRD feature name this one matched, if any. */
  prdFeature?: string;
  observedSteps: PlanStep[];
  /** Relative to artifactsDir. */
  screenshots: string[];
  video?: string;
  videoNote?: string;
}

export interface ExploreInput {
  baseUrl: string;
  account?: TestAccount;
  artifactsDir: string;
  /** Feature names from the PRD's feature map. */
  featureHints?: string[];
  /** Visit only these feature ids (retry); discovery still runs. */
  only?: string[];
  onFeature?: (feature: ExploredFeature) => void;
  /** A feature's step as it starts and ends; its screenshot is relative to artifactsDir. */
  onStep?: (featureId: string, step: VisitStep) => void;
  pool?: BrowserPool;
  testIdAttributes?: string[];
  stepTimeoutMs?: number;
  maxFeatures?: number;
}

export interface ExploreResult {
  features: ExploredFeature[];
  signedIn: boolean;
  signInError?: string;
  durationMs: number;
}

interface Candidate {
  feature: ExploredFeature;
  requiresAuth: boolean;
  steps: PlanStep[];
  observe: boolean;
}

const DESTRUCTIVE = /delete|remove|destroy|erase|sign ?out|log ?out|unsubscribe|cancel|pay|purchase|buy/i;
const act = (description: string): PlanStep => ({ type: 'action', description });
const check = (description: string): PlanStep => ({ type: 'assertion', description });

function formSteps(path: string, form: FormInfo): PlanStep[] {
  const steps = [act(`Go to ${path}`)];
  for (const f of form.fields) {
    if (!f.label) continue;
    if (f.type === 'checkbox') steps.push(act(`Check "${f.label}"`));
    else if (f.tag === 'select' && f.options?.length) steps.push(act(`Select "${f.options[f.options.length - 1]}" from the "${f.label}" dropdown`));
    else if (f.type !== 'radio' && f.type !== 'file' && f.type !== 'password') steps.push(act(`Fill in "${f.label}" with "${sampleValue(f)}"`));
  }
  steps.push(act(`Click "${form.submit}"`));
  return steps;
}

function pageCandidates(name: string, path: string, info: PageInfo, requiresAuth: boolean, wall: boolean): Candidate[] {
  const base = (id: string, n: string, kind: FeatureKind): ExploredFeature => ({ id, name: n, url: path, kind, status: 'exploring', observedSteps: [], screenshots: [] });
  const key = slug(path) || 'home';
  const out: Candidate[] = [{
    feature: base(`nav-${key}`, name, 'navigation'),
    requiresAuth,
    steps: [act(`Go to ${path}`), ...(info.heading && !wall ? [check(`Verify "${info.heading}" is visible`)] : []), check('The page shows no error')],
    observe: false,
  }];
  if (wall) return out;
  for (const form of info.forms.filter((f) => !f.hasPassword && f.submit && f.fields.length)) {
    out.push({ feature: base(`form-${key}-${slug(form.submit)}`, `${name}: ${form.name || form.submit}`, 'form'), requiresAuth, steps: formSteps(path, form), observe: true });
  }
  for (const f of info.inputs) {
    const steps = [act(`Go to ${path}`), act(`Type "${sampleValue(f)}" into "${f.label}" and press Enter`)];
    out.push({ feature: base(`input-${key}-${slug(f.label)}`, `${name}: ${f.label}`, 'form'), requiresAuth, steps, observe: true });
  }
  const seen = new Set<string>();
  for (const b of info.buttons.filter((x) => x.text && !x.disabled)) {
    if (seen.has(b.text)) continue;
    seen.add(b.text);
    const safe = !DESTRUCTIVE.test(b.text);
    const steps = [act(`Go to ${path}`), safe ? act(`Click "${b.text}"`) : check(`Verify the "${b.text}" button is visible`)];
    out.push({ feature: base(`action-${key}-${slug(b.text)}`, `${name}: ${b.text}`, 'action'), requiresAuth, steps, observe: safe });
  }
  return out;
}

async function discover(input: ExploreInput, pool: BrowserPool, attrs: string[]) {
  const lease = await pool.acquire();
  const timeout = input.stepTimeoutMs ?? 10_000;
  try {
    const { page } = lease;
    await watchPages(lease.context);
    // A page is read once its requests are done and it stopped changing: single-page apps draw
    // their forms after load (Node-RED's sign-in dialog comes after a settings request).
    const quiet = async () => {
      await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => {});
      await settle(page);
    };
    const open = (url: string) => page.goto(url, { timeout, waitUntil: 'load' }).then(quiet).then(() => true, () => false);
    // A start page that does not open fails discovery with Playwright's own reason.
    await page.goto(input.baseUrl, { timeout, waitUntil: 'load' });
    await quiet();
    const landing = await readPage(page);
    const candidates: Candidate[] = [];
    let signedIn = false;
    let signInError: string | undefined;
    let afterSignIn = landing;
    const signInVisible = landing.hasPassword || landing.links.some((l) => /^(sign|log) ?in$/i.test(l.text));
    // Which pages are public is learnt before signing in; pages first seen after it need it.
    const publicPaths = new Set<string>();
    if (signInVisible && input.account) {
      for (const e of navigationEntries(landing, input.baseUrl).slice(0, input.maxFeatures ?? 20)) {
        const ok = await open(new URL(e.path, input.baseUrl).toString());
        if (ok && !isSignInWall(await readPage(page), e.path)) publicPaths.add(e.path);
      }
    }
    if (signInVisible && input.account) {
      try {
        const action = await resolveSignIn(page, input.baseUrl, { testIdAttributes: attrs, timeoutMs: timeout });
        await performSignIn(page, action, input.account, input.baseUrl, timeout);
        signedIn = true;
        await quiet();
        afterSignIn = await readPage(page);
      } catch (err) {
        signInError = String((err as Error).message).split('\n')[0];
      }
    }
    if (signInVisible) {
      const steps = [act('Sign in'), ...(signedIn && afterSignIn.heading ? [check(`Verify "${afterSignIn.heading}" is visible`)] : []), check('The page shows no error')];
      const feature: ExploredFeature = { id: 'signin', name: 'Sign in', url: new URL(landing.url).pathname, kind: 'form', status: 'exploring', observedSteps: [], screenshots: [] };
      candidates.push({ feature, requiresAuth: true, steps, observe: false });
    }
    // A single-page app may show its routes only once it has content (TodoMVC's filters appear with
    // the first todo): an entry typed into its first text field shows what appears then. This runs
    // in discovery's own context, like the visits that submit forms.
    const probe = afterSignIn.inputs[0];
    let probed: PageInfo | undefined;
    if (probe) {
      const field = page.getByRole('textbox', { name: probe.label }).first();
      const typed = await field.fill(sampleValue(probe), { timeout: 2000 }).then(() => field.press('Enter', { timeout: 2000 })).then(() => true, () => false);
      if (typed) {
        await settle(page);
        probed = await readPage(page);
      }
    }
    const entries = navigationEntries(afterSignIn, input.baseUrl);
    for (const e of [...(probed ? navigationEntries(probed, input.baseUrl) : []), ...navigationEntries(landing, input.baseUrl)]) if (!entries.some((x) => x.path === e.path)) entries.push(e);
    // A single-page app may link nowhere: its features are on the page the project URL opens.
    if (!entries.length) {
      const start = new URL(afterSignIn.url);
      entries.push({ path: start.pathname + start.search, name: afterSignIn.title || afterSignIn.heading || 'Start page' });
    }
    for (const entry of entries.slice(0, input.maxFeatures ?? 20)) {
      if (!(await open(new URL(entry.path, input.baseUrl).toString()))) continue;
      const info = await readPage(page);
      const needsAuth = signedIn ? !publicPaths.has(entry.path) : isSignInWall(info, entry.path);
      candidates.push(...pageCandidates(entry.name, entry.path, info, needsAuth, isSignInWall(info, entry.path)));
    }
    return { candidates, signedIn, signInError };
  } finally {
    await lease.release();
  }
}

const words = (s: string) => s.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 4).map((w) => w.replace(/s$/, ''));
function matches(hint: string, name: string): boolean {
  const h = slug(hint), n = slug(name);
  return h.includes(n) || n.includes(h) || words(hint).some((w) => words(name).includes(w));
}

export async function explore(input: ExploreInput): Promise<ExploreResult> {
  const started = Date.now();
  const pool = input.pool ?? getDefaultPool();
  const attrs = input.testIdAttributes ?? DEFAULT_TEST_ID_ATTRIBUTES;
  const { candidates, signedIn, signInError } = await discover(input, pool, attrs);
  for (const hint of input.featureHints ?? []) {
    const hits = candidates.filter((c) => matches(hint, c.feature.name));
    for (const hit of hits) hit.feature.prdFeature ??= hint;
    if (!hits.length) {
      const feature: ExploredFeature = { id: `prd-${slug(hint)}`, name: hint, url: '', kind: 'navigation', status: 'failed', reason: 'no page or control for this PRD feature was found in the app', prdFeature: hint, observedSteps: [], screenshots: [] };
      candidates.push({ feature, requiresAuth: false, steps: [], observe: false });
    }
  }
  const chosen = input.only ? candidates.filter((c) => input.only!.includes(c.feature.id)) : candidates;
  const queue = [...chosen];
  const worker = async () => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      const f = c.feature;
      if (f.status === 'failed') {
        input.onFeature?.({ ...f });
        continue;
      }
      input.onFeature?.({ ...f });
      const blocked = c.requiresAuth && !signedIn;
      const dir = join(input.artifactsDir, 'features', f.id);
      const steps = blocked ? [act(`Go to ${f.url}`)] : c.requiresAuth && f.id !== 'signin' ? [act('Sign in'), ...c.steps] : c.steps;
      const onStep = input.onStep && ((s: VisitStep) => input.onStep!(f.id, s.screenshot ? { ...s, screenshot: join('features', f.id, s.screenshot) } : s));
      const out = await visitFeature(dir, { steps, observe: c.observe && !blocked }, { pool, baseUrl: input.baseUrl, account: input.account, testIdAttributes: attrs, stepTimeoutMs: input.stepTimeoutMs ?? 10_000, onStep });
      f.observedSteps = blocked ? [] : out.observedSteps;
      f.screenshots = out.screenshots.map((s) => join('features', f.id, s));
      if (out.video) f.video = join('features', f.id, out.video);
      if (out.videoNote) f.videoNote = out.videoNote;
      if (blocked) {
        f.status = 'blocked';
        f.reason = input.account ? `sign-in with the test account failed: ${signInError ?? 'unknown reason'}` : 'sign-in is required and no test account is configured';
      } else {
        f.status = out.ok ? 'done' : 'failed';
        if (out.reason) f.reason = out.reason;
      }
      input.onFeature?.({ ...f });
    }
  };
  await Promise.all(Array.from({ length: Math.min(pool.size, Math.max(1, chosen.length)) }, worker));
  return { features: chosen.map((c) => c.feature), signedIn, ...(signInError ? { signInError } : {}), durationMs: Date.now() - started };
}
