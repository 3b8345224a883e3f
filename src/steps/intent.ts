/**
 * What a plain-language plan step means, before any page is seen: clauses, each an action or a
 * check, with targets as noun phrases (names, role words, descriptive words, relations, positions,
 * anaphora) and literal values. The frontend engine grounds these on the live page; `svc test lint`
 * prints them. Plain JSON, no imports: read by ops (offline) and by the engine alike.
 */

export type TargetKind = 'clickable' | 'field' | 'select' | 'checkbox' | 'any';

/** Where on the screen a target is said to be ("in the top bar", "in the left panel"). */
export type Place = 'top' | 'bottom' | 'left' | 'right';

export interface Target {
  /** The target's name as written: a quoted name, or the descriptive words when none is quoted. */
  name: string;
  kind: TargetKind;
  /** Explicit role from a noun in the step ("the Add button" → button). */
  role?: string;
  /** Text of the row / list item / card the target sits in ("Delete next to "milk""). */
  within?: string;
  /** What is acted on when this target is not on the page ("Browse", else the table's own name). */
  orElse?: Target;
  /** Extra words that describe the target ("the checkmark button to confirm the changes"). */
  hints?: string[];
  /** Other names the control goes by: a quoted alternative in parentheses ("trash button ("Remove")"). */
  alt?: string[];
  /** A multi-line text field (text area, body, editor). */
  multiline?: boolean;
  /** A connection handle or port of the element named by `within` ("the output of "A""). */
  handle?: boolean;
  /** A drop region named by words ("the workspace", "the board"). */
  region?: boolean;
  /** The checkbox of the list item whose text is `name`. */
  item?: boolean;
  /** The role is a hint: an element of another role with the same name also fits. */
  relaxed?: boolean;
  /** Something to drag from a palette or list: prefer draggable-looking elements. */
  draggable?: boolean;
  /** Words of which any one names the target ("save it": save, confirm, done, ok…). */
  anyOf?: string[];
  /** Find the field by its placeholder only. */
  by?: 'placeholder';
  /** The name is descriptive words, not a quoted or exact name: match it loosely. */
  described?: boolean;
  /** Words naming the area the target sits in ("the left panel", "the header", "the diagram"). */
  area?: string[];
  /** Where on the screen the target is. */
  place?: Place;
  /** An ordinal: 1 = first, 2 = second, -1 = last. */
  nth?: number;
  /** A page of the app opened by its name ("open the Coffee page"): when nothing on screen links to it, the app's own search finds it. */
  page?: boolean;
  /** What the target's text looks like, in the row `within` names: "the hash link of the check-in X", "the number in the # column". */
  shape?: 'number' | 'hash' | 'date';
  /** A page of the app to open first when the target is not on this one ("the ticket "X" from the All Tickets report"). */
  via?: Target;
  /** The menu the target is picked from ("Pause from the ⋮ menu"): opened first when the target is not shown. */
  menu?: Target;
  /** With `within` (a row): the row's cell under this column heading ("the Notes cell of Siobhan Kerr's row"). */
  column?: string;
  /** Anaphora ("it", "the same field"): the element the previous clause acted on. */
  ref?: 'previous';
}

/** How a text is set: "in bold", "in italics", "struck through", "underlined". */
export type TextStyle = 'bold' | 'italic' | 'strike' | 'underline';

export type CheckState =
  | 'visible' | 'hidden' | 'enabled' | 'disabled' | 'checked' | 'unchecked' | 'selected' | 'unselected'
  | 'expanded' | 'collapsed' | 'focused' | 'empty'
  /** Partly ticked: a check box for a group some of whose members are ticked ("a partly filled box"). */
  | 'mixed'
  /** "Active": selected, for one of a set (a tab, a filter); usable, for a control on its own (Deploy). */
  | 'active';

/**
 * Where a check looks: the section a heading names ("the Folders section", "under "Page text
 * matches""), the row a label names ("the Folder ID row", "Last seen "Never""), or the open dialog.
 */
export interface Scope {
  name: string;
  row?: boolean;
  /** A table named by its caption, label or the heading above it ("the Beaufort table"). */
  table?: boolean;
  dialog?: boolean;
  /** The page's code or text editor (its lines are the items counted). */
  editor?: boolean;
  /** With `row`: only the cell of this column ("the Rows column says 4 for customers"). */
  column?: string;
  /** With `row` and no name: the first or last row of the page's main table or list. */
  position?: 'first' | 'last';
}

export type Intent =
  | { kind: 'navigate'; url: string }
  | { kind: 'back' }
  /**
   * `right`: the context menu's click ("right-click the transfer"). `ifShown`: clicked only when it is
   * on the page ("Open Tickets" as a plan's first words names the app or one of its pages). `repeat`:
   * clicked again as long as it is shown and enabled ("click Next until the last page"). `at`: in the
   * text the target names, at its start, middle or end (the caret put there: "click at the end of "X"").
   */
  | { kind: 'click'; target: Target; right?: boolean; ifShown?: boolean; repeat?: boolean; at?: 'start' | 'middle' | 'end' }
  | { kind: 'dblclick'; target: Target }
  | { kind: 'drag'; source: Target; dest: Target; position?: 'right' | 'left' | 'below' | 'above' }
  | { kind: 'reload' }
  /**
   * `append`: added as a new line after what the field holds; `end`: typed at its very end, on its
   * last line; `find`: only that text is replaced by `value`.
   */
  | { kind: 'fill'; target: Target; value: string; append?: boolean; end?: boolean; find?: string }
  | { kind: 'select'; target: Target; value: string }
  /**
   * "Fill in page 1 with Nadia Haddad, nadia@example.org and Northgate": the form on screen, its
   * fields in order (a value with a label goes to the field so labelled; one of a list's options is
   * chosen in that list).
   */
  | { kind: 'fill-form'; values: Array<{ label?: string; value: string }> }
  | { kind: 'check'; target: Target; checked: boolean }
  /** Text selected as a person drags over it: from the start of `from` to the end of `to` (or of `from`). */
  | { kind: 'select-text'; from: string; to?: string }
  /**
   * Files given to the page through a file chooser, by name from the project's files: through `target`
   * (a file field, or the control that opens the chooser), else the chooser the last click opened, else
   * the page's file field. `orItem`: the words could also name an item on the page ("select the file
   * todo.txt"): with no chooser open, an item shown by that name is clicked instead.
   */
  | { kind: 'upload'; files: string[]; target?: Target; orItem?: boolean }
  /**
   * `orClick`: a button named like the key ("press Delete") is clicked when one is on screen; `orSend`:
   * the button that sends what was just written (Send, Post, Comment…) is, else the key sends it.
   */
  | { kind: 'press'; key: string; target?: Target; orClick?: string; orSend?: boolean }
  | { kind: 'hover'; target: Target }
  | { kind: 'wait'; target?: Target; ms?: number; gone?: boolean }
  | { kind: 'scroll'; target?: Target; direction?: 'up' | 'down' | 'top' | 'bottom' }
  /**
   * `fields`: what else the sign-in form is given (a system, a database), by field name or by value
   * alone; `fillOnly`: the account is typed in and the form is not sent ("enter the test account's
   * username and password").
   */
  | { kind: 'sign-in'; username?: string; password?: string; fields?: Array<{ name?: string; value: string }>; fillOnly?: boolean }
  /** `orValue`: a form field whose value contains the text also counts. */
  | { kind: 'expect-text'; text: string; visible: boolean; orValue?: boolean; scope?: Scope }
  /**
   * Every checkbox of the main list is in `state`; with `group`, every box of the group of check boxes
   * a title names ("all six interests are ticked": its six boxes, the others such as "None of these"
   * apart), `count` of them when the step says how many. `unselected`: nothing of the page's lists,
   * trees or tables is selected ("nothing is selected yet").
   */
  | { kind: 'expect-all'; state: 'checked' | 'unchecked' | 'unselected'; group?: string; count?: number }
  | { kind: 'expect-state'; target: Target; state: CheckState }
  | { kind: 'expect-url'; contains: string }
  | { kind: 'expect-title'; contains: string }
  | { kind: 'expect-value'; target: Target; value: string }
  /** `target` undefined means "items of the main list". */
  /**
   * `among`: names the step says are in the list (the list counted is the one that holds them).
   * `said`: the count is what the page says ("the timeline reports 6 check-ins"): a "6 check-ins" the
   * page shows is the check, else its items are counted.
   */
  | { kind: 'expect-count'; target?: Target; count: number; noun?: string; scope?: Scope; among?: string[]; said?: boolean }
  /** The texts are shown in this order, top to bottom. */
  | { kind: 'expect-order'; texts: string[]; scope?: Scope }
  /**
   * How something looks: its text in bold, or an icon by it ("a red flag", "a paper clip") — on its
   * own row or item. `negated`: it must not ("no longer bold").
   */
  | { kind: 'expect-look'; target: Target; style?: TextStyle; icon?: string; negated?: boolean }
  /** Every item of the main list holds an element like `has`. */
  | { kind: 'expect-each'; has: Target }
  | { kind: 'expect-no-error' }
  /**
   * The browser's own question (`confirm()`) answered: OK (`accept`) or Cancel, when it opens; the step
   * checks that it was asked (with `text` in its message, when given).
   */
  | { kind: 'answer-dialog'; accept: boolean; text?: string };

export type IntentKind = Intent['kind'];

export function isCheck(i: Intent): boolean {
  return i.kind.startsWith('expect');
}

/** Pseudo-targets resolved against the page's state rather than by name. */
export const FOCUSED = '@focused';
export const ENTRY = '@entry';
