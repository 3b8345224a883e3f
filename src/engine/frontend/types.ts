/**
 * Shapes shared by the frontend engine: plan steps, serialisable locators and actions, the resolved
 * script saved with a test, and the step records and result of one run. Everything here is plain
 * JSON so it can be stored, diffed and replayed.
 */
export interface PlanStep {
  type: 'action' | 'assertion';
  description: string;
}

/** A locator that can be stored and rebuilt. `nth` picks one of several matches; `within` scopes it. */
export type LocatorDescriptor = (
  | { strategy: 'testid'; attribute: string; value: string }
  | { strategy: 'role'; role: string; name?: string; exact?: boolean }
  | { strategy: 'label'; text: string; exact?: boolean }
  | { strategy: 'placeholder'; text: string; exact?: boolean }
  | { strategy: 'text'; text: string; exact?: boolean }
  | { strategy: 'css'; selector: string; hasText?: string }
) & { nth?: number; within?: LocatorDescriptor; /** CSS of the iframe the element lives in. */ frame?: string };

export type { CheckState as ElementState } from '../../steps/intent.js';
import type { CheckState as ElementState, TextStyle } from '../../steps/intent.js';

/** What a step does once resolved. Targets are concrete locators; values are literal. */
export type ResolvedAction =
  | { kind: 'navigate'; url: string }
  | { kind: 'back' }
  /**
   * `repeat`: clicked again as long as it is shown and enabled (a form's Next, up to its last page).
   * `at`: where in the target's text (its start, middle or end): the caret put there.
   */
  | { kind: 'click'; target: LocatorDescriptor; right?: boolean; repeat?: boolean; at?: { text: string; where: 'start' | 'middle' | 'end' } }
  | { kind: 'dblclick'; target: LocatorDescriptor }
  | { kind: 'drag'; source: LocatorDescriptor; target: LocatorDescriptor; position?: 'right' | 'left' | 'below' | 'above' }
  | { kind: 'reload' }
  /** A step read as several clauses: each clause's action, in order. */
  | { kind: 'steps'; parts: Array<{ text: string; action: ResolvedAction }> }
  /**
   * `append`: a new line after what the field holds; `end`: typed at its very end; `find`: only that
   * text is replaced by `value`; `caret`: typed where the caret is, in a rich-text editor the step put it in.
   */
  | { kind: 'fill'; target: LocatorDescriptor; value: string; append?: boolean; end?: boolean; find?: string; caret?: boolean }
  | { kind: 'select'; target: LocatorDescriptor; value: string }
  | { kind: 'check'; target: LocatorDescriptor; checked: boolean }
  /** A drag over text, from the start of `from.text` in its element to the end of `to.text` in its own. */
  | { kind: 'select-text'; from: { target: LocatorDescriptor; text: string }; to: { target: LocatorDescriptor; text: string } }
  /**
   * Files (names among the run's files) given through `target`: a file field, or with `chooser` the
   * control whose click opens a file chooser; without a target, the chooser a click before opened.
   */
  | { kind: 'upload'; files: string[]; target?: LocatorDescriptor; chooser?: boolean }
  | { kind: 'press'; key: string; target?: LocatorDescriptor }
  | { kind: 'hover'; target: LocatorDescriptor }
  | { kind: 'wait'; target?: LocatorDescriptor; text?: string; ms?: number; gone?: boolean }
  /** A clause under a condition that did not hold ("if a banner shows up, dismiss it"): nothing done. */
  | { kind: 'skip'; reason: string }
  | { kind: 'scroll'; target?: LocatorDescriptor; direction?: 'up' | 'down' | 'top' | 'bottom' }
  /** `credentials`: written in the step itself; otherwise the project's test account is used. */
  /**
   * `fields`: what else the form is given before the account (a system chosen, a database typed);
   * `fillOnly`: the account is typed in and the form is left for the step's next clause to send.
   */
  /** `entry`: the link that opened the form; `entryPath`: the app's address of it, where nothing linked to it. */
  | { kind: 'sign-in'; username?: LocatorDescriptor; password: LocatorDescriptor; submit?: LocatorDescriptor; entry?: LocatorDescriptor; entryPath?: string; credentials?: TestAccount; fields?: SignInField[]; fillOnly?: boolean }
  /** `within`: the section, row or dialog the text must show in. */
  /**
   * `loose`: the text is the step's own words, not a quoted name: when the page does not show it
   * word for word, its words less those that describe ("the database bookshop") are looked for together.
   */
  | { kind: 'expect-text'; text: string; visible: boolean; orValue?: boolean; within?: LocatorDescriptor; loose?: boolean }
  /** `count`: that many of the boxes are in `state` (a group's "None of these" apart); else every one. */
  | { kind: 'expect-all'; target: LocatorDescriptor; state: 'checked' | 'unchecked' | 'unselected'; count?: number }
  | { kind: 'expect-state'; target: LocatorDescriptor; state: ElementState }
  | { kind: 'expect-url'; contains: string }
  | { kind: 'expect-title'; contains: string }
  | { kind: 'expect-value'; target: LocatorDescriptor; value: string }
  /**
   * `noun`: what is counted, as the step says it ("8 books"): when the items counted are not `count`,
   * a text on the page that gives the number with that noun ("8 books in total") holds the check.
   */
  | { kind: 'expect-count'; target: LocatorDescriptor; count: number; noun?: string }
  /** `icon`: words any of which names the icon (in a class, title, label or its text), on the target's row or item. */
  | { kind: 'expect-look'; target: LocatorDescriptor; style?: TextStyle; icon?: { name: string; words: string[] }; negated?: boolean }
  /** The texts are shown in this order (reading order of the page). */
  | { kind: 'expect-order'; texts: string[]; within?: LocatorDescriptor }
  /** Every match of `rows` holds a match of `has` (a locator relative to the row). */
  | { kind: 'expect-each'; rows: LocatorDescriptor; has: LocatorDescriptor }
  | { kind: 'expect-no-error' }
  /** The browser asked its own question (with `text` in it) and it was answered OK (`accept`) or Cancel. */
  | { kind: 'dialog'; accept: boolean; text?: string };

/** A value given to a sign-in form beside the account: `choose` for a drop-down. */
export interface SignInField {
  target: LocatorDescriptor;
  value: string;
  choose?: boolean;
}

export type ActionKind = ResolvedAction['kind'];

export interface ScriptStep {
  index: number;
  type: PlanStep['type'];
  description: string;
  action: ResolvedAction;
}

/** The resolved script saved with a test; a replay runs it without planning. */
export interface ResolvedScript {
  version: 1;
  baseUrl: string;
  testIdAttributes: string[];
  steps: ScriptStep[];
  /** false: saved by a failing run, so only a prefix is resolved; a replay resolves the rest. */
  complete?: boolean;
}

export interface TestAccount {
  username: string;
  password: string;
}

export interface SubStepRecord {
  text: string;
  action: ActionKind | null;
  locator: string | null;
  status: StepStatus;
  error?: string;
  /** How a check held when it did not hold as read ("read loosely: …"). */
  note?: string;
}

export type StepStatus = 'passed' | 'failed' | 'skipped' | 'running';

export interface StepRecord {
  index: number;
  type: PlanStep['type'];
  description: string;
  status: StepStatus;
  durationMs: number;
  /** ISO time the step started; null for steps that never ran. */
  startedAt: string | null;
  /** Action kind, e.g. `click` or `expect-text`; null when the step could not be resolved. */
  action: ActionKind | null;
  /** Display form of the locator used, e.g. `getByTestId('add-button')`. */
  locator: string | null;
  /** How the sentence was read when it has several clauses: each clause, its action and locator. */
  subSteps?: SubStepRecord[];
  /** The concrete action (serialisable); null when unresolved. */
  resolved: ResolvedAction | null;
  error?: string;
  /** Screenshot path relative to artifactsDir. */
  screenshot: string | null;
  healed?: { from: string; to: string };
  /** How its checks held when they did not hold word for word. */
  notes?: string[];
}

export type FailureKind = 'assertion' | 'step-not-understood' | 'locator-not-found' | 'navigation' | 'timeout' | 'page-error' | 'cancelled';

export interface RunFailure {
  kind: FailureKind;
  message: string;
  /** Evidence for analysis: what was expected, what the page showed, where. */
  details?: { expected?: string; actual?: string; url?: string; lookedFor?: string[]; pageText?: string };
}

export interface RunResult {
  verdict: 'passed' | 'failed';
  failedStepIndex?: number;
  failure?: RunFailure;
  steps: StepRecord[];
  script: ResolvedScript;
  /** Relative to artifactsDir. */
  video?: string;
  videoNote?: string;
  trace?: string;
  consoleErrors: string[];
  durationMs: number;
  heals: Array<{ index: number; from: string; to: string }>;
}
