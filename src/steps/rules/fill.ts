/**
 * Keyboard and forms: typing a value into a field, changing or clearing what a field holds, adding
 * entries, searching, submitting, signing in and out.
 * "Type "milk" into the search box", "Enter the e-mail "u@x" and the secret "p"", "Enter "admin" as
 * the username", "Fill the Name field with "Bob"", "Replace the JSON in the editor with {"k": 1}",
 * "Change the text to "x"", "Leave the "Code" field empty", "Add "A", "B" and "C"", "Search for
 * "milk"", "Sign in as "u" with the password "p"".
 */
import { asWritten } from '../lift.js';
import { ENTRY, FOCUSED, type Intent, type Target } from '../intent.js';
import { keyName } from '../lexicon.js';
import { words } from '../noun-phrase.js';
import { QLIST, quotes, targetOf, valueOf, type Example, type RuleInput } from './context.js';

const MULTILINE = /\b(?:text ?area|textarea|body|text|content|contents|description|editor|json|code|yaml|message|comment|notes?|markdown|script|query|source)\b/;

/** A field from a phrase; words that say it is a text area make it multi-line. */
function field(i: RuleInput, np: string): Target {
  let t = targetOf(i, np, 'field');
  if (t.ref) return { ...t, kind: 'field' };
  // "the box under "Version History"": one types into a box, so it is a text box, not a checkbox.
  if (t.role === 'checkbox' && !/\bcheck ?box\b/.test(np)) {
    const { role: _r, ...rest } = t;
    void _r;
    t = { ...rest, kind: 'field' };
  }
  // One types into a field, not a heading or a label: "the new title" is the field named so.
  if (t.role && /^(?:heading|img|row|cell|list|listitem|tab|link|menu)$/.test(t.role)) {
    const { role: _role, relaxed: _relaxed, ...rest } = t;
    void _role; void _relaxed;
    const words = np.replace(/^(?:the|a|an|your|my|its)\s+/, '').trim();
    t = { ...rest, name: /^q\d+$/.test(words) ? t.name : asWritten(i.l, words), kind: 'field' };
  }
  if (MULTILINE.test(np) && !t.role?.startsWith('search')) t.multiline = true;
  if (/^search\b|\bsearch (?:box|field|bar|input)$/.test(np.replace(/^the /, ''))) return { ...t, name: !t.name || /^search (?:box|field|bar|input)$/i.test(t.name) ? 'search' : t.name, role: t.role ?? 'searchbox', hints: [...new Set([...(t.hints ?? []), 'search', 'filter', 'find'])] };
  return t;
}

/** Fields people name before their value ("the username maria"): any value, as written, is theirs. */
const KNOWN_FIELD = /^(?:user ?name|user|login|password|passcode|pin|e-?mail(?: address)?|name|first name|last name|full name|nick(?:name)?|real ?name|title|subject|phone|city|code|confirmation|password confirmation|confirm password|new password|old password|current password)$/;

/** The field being edited: in the item double-clicked, else the focused one. */
function focused(i: RuleInput, hints?: string[]): Target {
  return { name: FOCUSED, kind: 'field', ...(hints ? { hints } : {}), ...(i.memory.editing ? { within: i.memory.editing } : {}) };
}

const IT = /^(?:it|its (?:whole |entire |full )?(?:text|value|content|contents|name|title|label)|the (?:whole |entire |full )?(?:text|value|content|contents|current text|existing text|old text|entry)|all (?:the |its )?(?:text|content)|everything|that|this|the (?:same )?(?:field|input|box))$/;

/** Words that are a form's page, not a field: "fill in page 1", "complete the form". */
const FORM_PAGE = /^(?:(?:the )?(?:first |second |third |next |last |whole |entire |\w+ )?(?:page|form|step|section|application|registration|details|fields)(?: \d+| one| two| three)?|page \d+|step \d+|it|everything|all (?:the )?fields)$/;

/** One value of a form filled in order: "Nadia", "Year of birth 2031", "home branch Central", "First name "Nadia"". */
function formValue(i: RuleInput, piece: string): { label?: string; value: string } | undefined {
  const p = piece.trim().replace(/^(?:the|a|an)\s+/, '');
  if (!p) return undefined;
  if (/^q\d+$/.test(p)) return { value: valueOf(i, p) };
  // "First Name "Elena"": words, then the quoted value, are its label.
  const quotedAfter = /^(.+?)\s+(q\d+)$/.exec(p);
  if (quotedAfter && !/\bq\d+\b/.test(quotedAfter[1]!)) return { label: asWritten(i.l, quotedAfter[1]!), value: valueOf(i, quotedAfter[2]!) };
  const looksLikeValue = (w: string) => /^q\d+$/.test(w) || /^[A-Z0-9+]|[@.:/]/.test(asWritten(i.l, w));
  // A value as written alone: a name with capitals, a number, an address.
  if (p.split(' ').length <= 4 && p.split(' ').every(looksLikeValue)) return { value: valueOf(i, p) };
  // "Year of birth 2031", "home branch Central": the label in small letters, then the value.
  const ws = p.split(' ');
  for (let k = 1; k < ws.length && k <= 4; k++) {
    const label = ws.slice(0, k).join(' ').replace(/:$/, '');
    const value = ws.slice(k).join(' ');
    // (A label has a word in small letters: "home branch", "Year of birth", "First name".)
    if (asWritten(i.l, label).split(' ').some((w) => /^[a-z]/.test(w)) && looksLikeValue(value) && ws.length - k <= 3) return { label: asWritten(i.l, label), value: valueOf(i, value) };
  }
  return undefined;
}

/**
 * "Fill in page 1 with Nadia Haddad, nadia.haddad@example.org and Northgate", "fill in Nadia, Haddad,
 * nadia@example.org, Year of birth 2031 and home branch Central", "complete page 1 (Nadia / Haddad / …)":
 * the form on screen filled with values, in its fields' order.
 */
export function formFill(i: RuleInput): Intent[] | undefined {
  if (!/^(?:fill|fill in|fill out|complete|enter|populate)$/.test(i.verb)) return undefined;
  const m = /^(.*?)\s*(?:with|using|as follows:?|:)\s+(.+)$/.exec(i.rest);
  // ("Nadia / Haddad": a slash alone is no address.)
  const split = (text: string) => text.replace(/\bu(\d+)\b/g, (u, n: string) => (i.l.urls[Number(n)] === '/' ? ' / ' : u)).split(/\s*,\s*(?:and\s+)?|\s+and\s+|\s+\/\s+|\s*;\s*/).map((x) => x.trim()).filter(Boolean);
  // ("Fill in page 1 …": the plan is on the form's first page; "on page 2" later is one Next on.)
  const page = /\bpage (\d+)\b/.exec(m ? m[1]! : i.rest);
  if (page) i.memory.formPage = Number(page[1]);
  if (!m && FORM_PAGE.test(i.rest)) {
    // "fill in page 1 (Nadia, Haddad, …)": the values were written in parentheses, a remark as written.
    const said = i.l.remarks.find((r) => /,|\s\/\s/.test(r) && !i.used?.includes(r));
    if (!said) return undefined;
    i.used?.push(said);
    const values = split(said).map((p) => {
      const lab = /^([a-z][\w -]*?)\s*:?\s+([A-Z0-9+"].*|\S*[@./]\S*)$/.exec(p);
      return lab ? { label: lab[1]!, value: lab[2]!.replace(/^"|"$/g, '') } : { value: p.replace(/^"|"$/g, '') };
    });
    return [{ kind: 'fill-form', values }];
  }
  if (m && m[1]!.trim() && !FORM_PAGE.test(m[1]!.trim())) return undefined;
  // "Complete "First" and "Second"": to complete things is to tick them off; only a page or form named is filled in.
  if (/^(?:complete|populate)$/.test(i.verb) && !(m && m[1]!.trim())) return undefined;
  const pieces = split(m ? m[2]! : i.rest);
  // Without "with", a list of two or more values ("fill in Nadia, Haddad, nadia@example.org").
  if (pieces.length < 2 && !(m && m[1]!.trim())) return undefined;
  const values = pieces.map((p) => formValue(i, p));
  // (Fields each named with their values, "name "Paper clips", price 1.5", are typed one by one.)
  if (values.some((v) => !v) || (!m && values.every((v) => v!.label))) return undefined;
  return [{ kind: 'fill-form', values: values as Array<{ label?: string; value: string }> }];
}

/** "<value> into <field>", "<field> with <value>", "<value> as <field>", "the <field> <value> and the <field> <value>". */
export function fill(i: RuleInput): Intent[] | undefined {
  const form = formFill(i);
  if (form) return form;
  let m: RegExpExecArray | null;
  const r = i.rest.replace(/^(?:in|out)\s+/, '').replace(/\s+(?:instead|again|as well|too|now)$/, '');
  // "enter 1.5 hours", "type 3 guests": a number, in the field named for what it counts.
  if ((m = /^(\d[\d.,:]*)\s+(hours?|hrs?|minutes?|mins?|days?|weeks?|months?|years?|guests?|people|persons?|adults?|children|kids?|seats?|tickets?|items?|pieces?|copies|units?|nights?|rooms?|points?|percent|kg|km|miles?)$/.exec(r))) {
    const unit = m[2]!.replace(/^(?:hrs?)$/, 'hours').replace(/^mins?$/, 'minutes');
    const one = unit.replace(/(?:ren|ple)$/, (x) => (x === 'ren' ? '' : 'ple')).replace(/s$/, '');
    return [{ kind: 'fill', target: { name: unit, kind: 'field', anyOf: [...new Set([unit, one, m[2]!])], described: true }, value: m[1]! }];
  }
  // "describe the problem as "It crashes"": the form's description.
  if (/^(?:describe|explain)$/.test(i.verb) && (m = /^(?:(?:the|a|an|it|this|that)\s+)?(?:[\w -]+?\s+)?(?:as|with|like this:?)\s+(q\d+)$/.exec(r))) {
    return [{ kind: 'fill', target: { name: 'description', kind: 'field', anyOf: ['description', 'details', 'comment', 'body', 'text'], multiline: true }, value: valueOf(i, m[1]!) }];
  }
  // "Enter the test account's username and password (and shop.db as the database)": typed in, not sent.
  if ((m = /^(?:the |my |our |your )?test (?:account|user)(?:'s)? (?:credentials|details|login(?: details)?|user ?name and password|e-?mail and password)(.*)$/.exec(r))) {
    const more = m[1]!.replace(/\s+(?:in|on|into) (?:the |its )?[\w -]*?(?:dialog|form|window|pop-?up|modal|page|box|panel)$/, '').replace(/^,?\s*(?:and|plus|with)\s+/, '').trim();
    const fields = more ? formValues(i, more, false) : [];
    if (fields) return [{ kind: 'sign-in', fillOnly: true, ...(fields.length ? { fields } : {}) }];
  }
  // "Add a fourth line "x" at the end of the text": appended to what the editor holds.
  if ((m = /^(?:a |an |another |one more |the )?(?:new |\w+ ){0,2}line\s+(q\d+)(?:\s+(?:at|to) the (?:end|bottom)(?: of (?:the |its )?(?:text|page|content|editor|list|field))?)?$/.exec(r))) {
    return [{ kind: 'fill', target: focused(i, ['text', 'body', 'content']), value: valueOf(i, m[1]!), append: true }];
  }
  // "Type " four" at the end of the text box", "type Thanks at the very end": typed after what the field holds.
  if ((m = /^(q\d+|[\w'!?.,-]+(?: [\w'!?.,-]+){0,3}?)\s+(?:at|to) the (?:very )?end(?: of (?:the |its |this )?(.+?))?$/.exec(r)) && !/\b(?:line|paragraph|sentence|word|bullet|item|row)s?\b/.test(m[2] ?? '') && !/\bline\b/.test(m[1]!)) {
    return [{ kind: 'fill', target: m[2] ? { ...field(i, m[2]), multiline: true } : focused(i, ['text', 'body', 'content']), value: valueOf(i, m[1]!), end: true }];
  }
  // "…followed by a line "y"": several lines.
  if ((m = /^(q\d+)((?:,?\s+(?:followed by|and then|then|and) (?:a |another |the )?(?:new |next |second )?line\s+q\d+)+)$/.exec(r))) {
    const lines = [valueOf(i, m[1]!), ...quotes(i, m[2]!)];
    return [{ kind: 'fill', target: focused(i, ['text', 'body', 'content']), value: lines.join('\n') }];
  }
  // by typing it/each into X (and pressing Enter): values come from the sentence.
  if ((m = /^(.*?)\s*\bby (?:typing|entering|writing|putting) (?:it|each|them|each one|each of them|the text|its name) (?:into|in|in to) (.+?)(?:,? and (?:then )?(?:pressing|hitting) (?:the )?(enter|return)(?: key)?)?(?::? (q\d+(?:(?:,|,? and) q\d+)*))?$/.exec(r))) {
    const values = quotes(i, m[4] ?? m[1]!);
    const t = field(i, m[2]!);
    if (values.length) return values.flatMap((v) => [{ kind: 'fill' as const, target: t, value: v }, ...(m![3] ? [{ kind: 'press' as const, key: 'Enter' }] : [])]);
  }
  // "<value> followed by Enter in <field>"
  if ((m = /^(q\d+|.+?) followed by (?:the )?(enter|return|tab)(?: key)? (?:in|into|on) (.+)$/.exec(r))) {
    return [{ kind: 'fill', target: field(i, m[3]!), value: valueOf(i, m[1]!) }, { kind: 'press', key: keyName(m[2]!)! }];
  }
  // "Fill in To with bob@example.com and Subject with Lunch": each field with its value.
  const withs = r.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).map((p) => /^(?:the\s+)?(?!q\d)([a-z][\w-]*(?: [a-z][\w-]*){0,2}?)\s+(?:with|to)\s+(q\d+|\S+(?: \S+){0,5})$/.exec(p.trim()));
  if (withs.length > 1 && withs.every(Boolean)) return withs.map((x) => ({ kind: 'fill' as const, target: /^(?:to|cc|bcc|from)$/.test(x![1]!) ? { name: asWritten(i.l, x![1]!), kind: 'field' as const } : field(i, x![1]!), value: valueOf(i, x![2]!) }));
  // Several values, each with its field: ""admin" as the username and "wrong" as the password".
  const each = [...r.matchAll(/(?:^|,\s*|\s+and\s+)(q\d+|[^\s,]+)\s+(as|for|into|in)\s+((?:the\s+|your\s+|my\s+)?(?!q\d)[a-z][\w-]*(?:\s+(?!q\d)[a-z][\w-]*)*?)(?=$|,|\s+and\s)/g)];
  if (each.length > 1 && each.map((x) => x[0]).join('').replace(/\s+/g, ' ').trim() === r.replace(/\s+/g, ' ').trim()) {
    return each.map((x) => ({ kind: 'fill' as const, target: field(i, x[3]!), value: valueOf(i, x[1]!) }));
  }
  // "the username maria, Jib-sheet5 as the password and Jib-sheet6 as the confirmation": each piece a
  // field and its value, said either way round (a field people name, then its value as written).
  const mixed = r.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).map((piece) => {
    const p = piece.trim();
    // (A value of several words is one written as a name: "Maria Lopes as the Realname".)
    const as = /^(q\d+|[^\s,]+|[^\s,]+(?: [^\s,]+){1,3})\s+(?:as|for)\s+(?:the\s+|your\s+|my\s+|its\s+)?([a-z][\w-]*(?: [a-z][\w-]*){0,2})$/.exec(p);
    if (as && (/^(?:q\d+|\S+)$/.test(as[1]!) || /^[A-Z0-9]/.test(asWritten(i.l, as[1]!)))) return { field: as[2]!, value: valueOf(i, as[1]!) };
    const then = /^(?:the\s+|your\s+|my\s+|a\s+)?([a-z][\w-]*(?: [a-z][\w-]*)?)\s+(q\d+|\S+)$/.exec(p);
    return then && KNOWN_FIELD.test(then[1]!) ? { field: then[1]!, value: valueOf(i, then[2]!) } : undefined;
  });
  if (mixed.length > 1 && mixed.every(Boolean)) return mixed.map((w) => ({ kind: 'fill' as const, target: field(i, w!.field), value: w!.value }));
  // "type the same ID without the dashes: M7XH…": what the value is, then the value, into the field in use.
  if ((m = /^((?:the |a |an )?(?:same |new |following |other |full )?[a-z][\w -]*?):\s*(q\d+|\S+)$/.exec(r)) && !/\b(?:into|in|to|on)\b/.test(m[1]!)) {
    return [{ kind: 'fill', target: focused(i), value: valueOf(i, m[2]!) }];
  }
  // "<value> into <field>"
  if ((m = /^(q\d+|u\d+|.+?)\s+(?:into|in|in to|inside|within|onto|on|to)\s+(?!the (?:same )?(?:line|row) )(.+)$/.exec(r)) && !/^(?:the |a |an )?(?:\w+ )?(?:field|box|input)$/.test(m[1]!)) {
    const value = valueOf(i, m[1]!);
    const where = m[2]!;
    return [{ kind: 'fill', target: IT.test(where) ? focused(i) : field(i, where), value }];
  }
  // "<value> as|for the <field>"
  if ((m = /^(q\d+|.+?)\s+(?:as|for)\s+(?:the\s+|your\s+|my\s+)?(.+)$/.exec(r)) && /^q\d+$|^\S+$/.test(m[1]!)) {
    return [{ kind: 'fill', target: field(i, m[2]!), value: valueOf(i, m[1]!) }];
  }
  // "Work Docs as the new label": a value of several words, then the field said with its article.
  if ((m = /^((?!the |a |an )[^,]+?)\s+as\s+(?:the|your|my|its)\s+((?:[a-z][\w-]*\s*){1,3})$/.exec(r))) {
    return [{ kind: 'fill', target: field(i, m[2]!.trim()), value: valueOf(i, m[1]!) }];
  }
  // "<field> with|as <value>"
  if ((m = /^(.+?)\s+(?:with|as|to)\s+(q\d+|u\d+)$/.exec(r))) {
    return [{ kind: 'fill', target: IT.test(m[1]!) ? focused(i) : field(i, m[1]!), value: valueOf(i, m[2]!) }];
  }
  // "the e-mail "u@x" and the secret "p"": pairs of field and value.
  const pairs = [...r.matchAll(/(?:^|,\s*|\s+and\s+)((?:the\s+|a\s+|an\s+|your\s+|my\s+)?(?!q\d)[a-z][\w-]*(?:\s+(?!q\d)[a-z][\w-]*)*?)\s*(q\d+)(?=$|,|\s+and\s)/g)];
  if (pairs.length && pairs.map((p) => p[0]).join('').replace(/\s+/g, ' ').trim() === r.replace(/\s+/g, ' ').trim()) {
    return pairs.map((p) => ({ kind: 'fill' as const, target: field(i, p[1]!), value: valueOf(i, p[2]!) }));
  }
  // "name "Paper clips", price 1.5 and stock 300", "the name Eve Martin, the email a@x and the city Lyon":
  // each field said in lower case, then its value (quoted, a number, an address, or written as a name).
  const written = r.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).map((piece) => {
    const two = /^(?:the\s+|a\s+|an\s+|your\s+|my\s+)?([a-z][\w-]*(?: [a-z][\w-]*)?)\s+(q\d+|\S.*)$/.exec(piece.trim());
    // A quoted value names its field with all the words before it ("First Name "Elena"").
    const quoted = /^(?:the\s+|a\s+|an\s+|your\s+|my\s+)?([a-z][\w-]*(?: [a-z][\w-]*){0,3})\s+(q\d+)$/.exec(piece.trim());
    // The field's words are written in lower case: "name Eve Martin" is the name field, not "name Eve".
    const pm = quoted ?? (two && asWritten(i.l, two[1]!) === asWritten(i.l, two[1]!).toLowerCase() ? two : /^(?:the\s+|a\s+|an\s+|your\s+|my\s+)?([a-z][\w-]*)\s+(q\d+|\S.*)$/.exec(piece.trim()));
    if (!pm) return undefined;
    const value = /^q\d+$/.test(pm[2]!) ? valueOf(i, pm[2]!) : asWritten(i.l, pm[2]!);
    const ok = /^q\d+$/.test(pm[2]!) || /^[A-Z0-9]/.test(value) || /@|\d/.test(value);
    return ok && !/\b(?:into|in|to|on|with|as)\b/.test(pm[1]!) ? { field: pm[1]!, value } : undefined;
  });
  if (written.length > 1 && written.every(Boolean)) return written.map((w) => ({ kind: 'fill' as const, target: field(i, w!.field), value: w!.value }));
  // "enter the expression sum(rate(up[5m]": a field's name, then the value as written.
  if ((m = /^(?:the |a |an |your |my )?([a-z][\w-]*)\s+(\S+)$/.exec(r)) && (/[^\w\s]|\d/.test(m[2]!) || /^(?:expression|query|name|email|e-mail|password|title|url|address|value|text|term|search|code|number|amount|comment|summary|message|username|user|filter|tag|label|city|phone)$/.test(m[1]!))) {
    return [{ kind: 'fill', target: field(i, m[1]!), value: valueOf(i, m[2]!) }];
  }
  // Just a value: into the field being edited or the one with focus.
  if ((m = /^(q\d+|u\d+)$/.exec(r))) return [{ kind: 'fill', target: { name: FOCUSED, kind: 'field', ...(i.memory.editing ? { within: i.memory.editing } : {}) }, value: valueOf(i, m[1]!) }];
  return undefined;
}

/** "Change the title to "x"", "Replace it with "x"", "Rename "A" to "B"", "Set Age to 42", "replace "two weeks" with "three weeks" in the Holidays paragraph". */
export function set(i: RuleInput): Intent[] | undefined {
  let m: RegExpExecArray | null;
  const r = i.rest;
  // One text for another inside what is being edited (an editor, a text area): only that text changes.
  if ((m = /^(q\d+)\s+(?:with|by|to|into|for)\s+(q\d+)(?:\s+(?:in|within|inside|on|of)\s+(.+))?$/.exec(r)) && !i.memory.editing) {
    const where = m[3] && /\b(?:field|box|input|editor|text ?area|textarea)\b/.test(m[3]) ? field(i, m[3]) : focused(i, ['text', 'body', 'content']);
    return [{ kind: 'fill', target: where, value: valueOf(i, m[2]!), find: valueOf(i, m[1]!) }];
  }
  // "Replace customers with clients in "Rename table to"": the field named last gets the new value.
  if ((m = /^(?:q\d+|[\w.-]+)\s+(?:with|by)\s+(q\d+|[^\s,]+)\s+(?:in|into)\s+(?:the\s+)?(q\d+)(?:\s+(?:field|box|input|text ?box))?$/.exec(r))) {
    return [{ kind: 'fill', target: { name: valueOf(i, m[2]!), kind: 'field' }, value: valueOf(i, m[1]!) }];
  }
  // "Change her title from Skipper to Club Captain": the field, then what it becomes; what it was only says which field.
  if ((m = /^(?:the |her |his |its |their |my |your |our )?((?!q\d)[a-z][\w -]*?)\s+from\s+(q\d+|[^\s,]+(?: [^\s,]+){0,2})\s+(?:to|into)\s+(q\d+|u\d+|.+)$/.exec(r)) && !IT.test(m[1]!)) {
    return [{ kind: 'fill', target: field(i, m[1]!), value: valueOf(i, m[3]!) }];
  }
  // "Set the Priority to High and the Status to Closed": one setting after another.
  const pairs = r.split(/\s*,\s*(?:and\s+)?|\s+and\s+/);
  if (pairs.length > 1 && pairs.every((p) => /^(?!q\d+\s)(?:the |its )?[a-z][\w -]*?\s+to\s+\S/.test(p))) return pairs.flatMap((p) => set({ ...i, rest: p }) ?? []);
  if ((m = /^(.+?)\s+(?:to|with|into|by)\s+(q\d+|u\d+|.+)$/.exec(r))) {
    const what = m[1]!.replace(/^(?:the )?(?:value|text|content|contents) of\s+/, '');
    const value = valueOf(i, m[2]!);
    if (IT.test(what)) return [{ kind: 'fill', target: focused(i, /text|content/.test(what) ? ['text', 'body', 'content'] : undefined), value }];
    // "Replace everything in the editor with …": what the editor holds, all of it.
    const all = /^(?:everything|all(?: of it| (?:the |its )?(?:text|code|content|contents))?|the (?:whole|entire) (?:text|query|code|content|contents|thing))\s+(?:in|inside|of)\s+(.+)$/.exec(what);
    if (all) return [{ kind: 'fill', target: { ...field(i, all[1]!), multiline: true }, value }];
    if (/^(?:its |the )?(?:title|name)$/.test(what)) return [{ kind: 'fill', target: { name: 'title', kind: 'field', anyOf: ['title', 'name', 'subject'] }, value }];
    // "Rename "A" to "B"": the field holding A (being edited), else a field named like A.
    if (/^q\d+$/.test(what)) return [{ kind: 'fill', target: { ...focused(i), within: i.memory.editing ?? valueOf(i, what) }, value }];
    return [{ kind: 'fill', target: field(i, what), value }];
  }
  return undefined;
}

export function clear(i: RuleInput): Intent[] | undefined {
  const r = i.rest.replace(/\s+(?:out|completely|entirely)$/, '');
  if (!r || IT.test(r) || /^(?:all (?:the )?text|the whole text|everything)$/.test(r)) return [{ kind: 'fill', target: focused(i), value: '' }];
  return [{ kind: 'fill', target: field(i, r), value: '' }];
}

/** "Leave the "Code" field empty"; "leave everything else as it is" changes nothing. */
export function leave(i: RuleInput): Intent[] | undefined {
  const m = /^(.+?)\s+(empty|blank|unfilled|untouched|unchanged|as it is|as is|alone|at (?:its|the) default(?: value)?|on its default)$/.exec(i.rest);
  // "keep LDIF", "keep the type String", "leave the markup style on Markdown", "keeping the rest", "do not touch the drop-downs":
  // what is already there stays; nothing to do. (Leaving a page or a room is going away from it.)
  if (!m) return i.rest && !/^(?:the |this |that )?(?:page|site|app|room|chat|channel|group|project|conversation|meeting|call|team)\b/.test(i.rest) && !/\b(?:pressing|clicking|typing|scrolling|going)\b/.test(i.rest) ? [] : undefined;
  // "Leave everything else empty": the fields not named are left as they are.
  if (/^(?:everything else|all (?:the )?(?:other|remaining) (?:fields|boxes|inputs|options)|the (?:other|remaining) (?:fields|boxes|inputs|options)|the others|the rest|all else)$/.test(m[1]!)) return [];
  if (/empty|blank|unfilled/.test(m[2]!)) return [{ kind: 'fill', target: field(i, m[1]!), value: '' }];
  return [];
}

/** "Add "A", "B" and "C"", "Create a todo called "X"", "Add a note titled "T" with the text "B"", "Add a new folder". */
export function add(i: RuleInput): Intent[] | undefined {
  let m: RegExpExecArray | null;
  // "Post the comment "Looks good"": written, then posted.
  if (i.verb === 'post' && (m = /^(?:(?:the|a|an|this|my) )?(message|comment|reply|note|answer)\s+(?:saying\s+)?(q\d+)$/.exec(i.rest))) {
    return sent(i, [{ kind: 'fill', target: { name: m[1]!, kind: 'field', anyOf: [m[1]!, 'message', 'comment', 'reply', 'text'] }, value: valueOf(i, m[2]!) }]);
  }
  const r = i.rest.replace(/^(?:a|an|the|one|another|two|three|\w+ more|some)\s+/, '').replace(/^new\s+/, '');
  const bare = r.replace(/\s+(?:to|in|into|on) (?:the |my |your )?(?:list|todo list|todos|items|tasks)$|\s+as (?:a |an |new )?[a-z]+$/, '').replace(/^(?:(?:todos?|items?|tasks?|entries|notes?)\s+)/, '');
  if (QLIST.test(bare)) {
    const values = quotes(i, bare);
    i.memory.item = values[values.length - 1];
    return values.flatMap((v) => [{ kind: 'fill' as const, target: { name: ENTRY, kind: 'field' as const }, value: v }, { kind: 'press' as const, key: 'Enter' }]);
  }
  // "Create a new ticket titled "Crash" with severity Critical and the owner qa": the form, then each field.
  if ((m = /^([a-z][\w -]*?)(?:\s+(?:titled|called|named|with the (?:title|name))\s+(q\d+))?(?:\s+(?:to|for)\s+(q\d+|[^\s@]+@\S+))?\s*,?\s+(?:with|and)\s+(.+)$/.exec(r)) && (m[2] || m[3])) {
    const entity = m[1]!;
    const settings = m[4]!.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).map((p) => /^(?:(?:the|a|an|its)\s+)?([a-z][\w-]*(?: [a-z][\w-]*)?)\s+(?:of\s+|set to\s+|as\s+)?(q\d+|[\w.@-]+)$/.exec(p.trim()));
    if (settings.every(Boolean)) {
      if (m[2]) i.memory.item = valueOf(i, m[2]!);
      return [
        { kind: 'click', target: { name: `new ${entity}`, kind: 'clickable', hints: ['new', 'add', 'create', ...words(entity)], ...(/^(?:compose|draft|start)$/.test(i.verb) ? { anyOf: [i.verb, 'new', `new ${entity}`] } : {}) } },
        ...(m[3] ? [{ kind: 'fill' as const, target: { name: 'To', kind: 'field' as const, anyOf: ['to', 'recipient', 'recipients'] }, value: valueOf(i, m[3]!) }] : []),
        ...(m[2] ? [{ kind: 'fill' as const, target: { name: 'title', kind: 'field' as const, anyOf: ['title', 'name', 'subject', 'summary'] }, value: valueOf(i, m[2]!) }] : []),
        // The text of a note or the body of a message is the big text field.
        ...settings.map((x) => ({ kind: 'fill' as const, target: /^(?:text|body|content|message)$/.test(x![1]!) ? { name: x![1]!, kind: 'field' as const, hints: ['text', 'body', 'content'], multiline: true } : field(i, x![1]!), value: valueOf(i, x![2]!) })),
      ];
    }
  }
  const via = fill(i);
  if (via && /\b(?:into|in|to|by typing)\b/.test(r) && !/(?:to|in) (?:the |my |your )?(?:list|todo list|todos)$/.test(r)) return via;
  if ((m = /^(?:([a-z][\w -]*?)\s+)?(?:called|named|titled|with the text|saying|labell?ed)?\s*(q\d+(?:(?:,|,? and|,? then) q\d+)*)(?:\s+(?:to|in|into|on) (?:the |my |your )?(?:list|todo list|todos|items))?(?:\s+as (?:a |an |new )?[\w ]+)?$/.exec(r))) {
    if (!m[1] || /^(?:todos?|items?|tasks?|entries|entry|notes?|things?|values?|lines?|rows?|records?)$/.test(m[1])) {
      const values = quotes(i, m[2]!);
      i.memory.item = values[values.length - 1];
      return values.flatMap((v) => [{ kind: 'fill' as const, target: { name: ENTRY, kind: 'field' as const }, value: v }, { kind: 'press' as const, key: 'Enter' }]);
    }
  }
  if ((m = /^([a-z][\w -]*?)\s+(?:titled|called|named|with the (?:title|name))\s+(q\d+)(?:,?\s+with(?: the)? (?:text|body|content|description|message)\s+(q\d+))?$/.exec(r))) {
    const entity = m[1]!;
    if (!m[3]) {
      i.memory.item = valueOf(i, m[2]!);
      return [{ kind: 'fill', target: { name: ENTRY, kind: 'field' }, value: valueOf(i, m[2]!) }, { kind: 'press', key: 'Enter' }];
    }
    return [
      { kind: 'click', target: { name: `new ${entity}`, kind: 'clickable', hints: ['new', 'add', 'create', ...words(entity)] } },
      { kind: 'fill', target: { name: 'title', kind: 'field', anyOf: ['title', 'name', 'subject'] }, value: valueOf(i, m[2]!) },
      { kind: 'fill', target: { name: 'text', kind: 'field', hints: ['text', 'body', 'content'], multiline: true }, value: valueOf(i, m[3]!) },
    ];
  }
  if (via) return via;
  // "Add a new folder": the control that adds one.
  if (/^[a-z][\w -]*$/.test(r) && !/\bq\d+\b/.test(r)) return [{ kind: 'click', target: { name: `${i.verb === 'create' ? 'create' : 'add'} ${r}`, kind: 'clickable', anyOf: ['add', 'new', 'create', '+'], hints: words(r), described: true } }];
  return via;
}

/** "Search for "milk"", "Search "milk" in the filter box". */
export function search(i: RuleInput): Intent[] | undefined {
  const quoted = /\b(q\d+)\b/.exec(i.rest);
  const rest = quoted && !/^(?:for\s+)?q\d+\b/.test(i.rest) ? quoted[1]! : i.rest.replace(/^(?:the (?:wiki|site|app|page|list|inbox) )?(?:for\s+)?/, '');
  const m = /^(?:for\s+)?(q\d+|[^"]+?)(?:\s+(?:in|using|with|into)\s+(.+))?$/.exec(rest);
  if (!m) return undefined;
  const t: Target = m[2] ? field(i, m[2]) : { name: 'search', kind: 'field', role: 'searchbox', hints: ['search', 'filter', 'find'], described: true };
  return [{ kind: 'fill', target: t, value: valueOf(i, m[1]!) }, { kind: 'press', key: 'Enter' }];
}

export function submit(i: RuleInput): Intent[] | undefined {
  if (!i.rest || /^(?:it|this|the form|the (?:[\w-]+ )?form|the page|everything)$/.test(i.rest)) return [{ kind: 'press', key: 'Enter' }];
  // "Send the message "hi" in #general", "Send "hi"": written in the message box, then sent.
  const m = /^(?:(?:the|a|an|this|my) )?(?:(message|comment|reply|text|note|answer|post)\s+)?(?:saying\s+)?(q\d+)(?:\s+(?:to|in|into|on)\s+.+)?$/.exec(i.rest);
  if (m) return sent(i, [{ kind: 'fill', target: { name: m[1] ?? 'message', kind: 'field', anyOf: ['message', 'comment', 'reply', 'text'] }, value: valueOf(i, m[2]!) }]);
  return undefined;
}

/** "Post the comment "x"": what is written is then sent with the control that sends it. */
function sent(i: RuleInput, written: Intent[]): Intent[] {
  return [...written, { kind: 'press', key: 'Enter', orSend: true }];
}

/** "Sign in", "Log in as "u" with the password "p"", "Sign in with the test account", "Log in with the password "p"". */
export function signIn(i: RuleInput): Intent[] | undefined {
  let m: RegExpExecArray | null;
  // ("baker / Sourdough-77": a slash between the two is not a path.)
  const r = i.rest.replace(/^(?:to|into) (?:the |your )?[a-z][\w ]*?(?= as | with | using |,|$)/, '').replace(/\s+u(\d+)(?=\s)/g, (x, n: string) => (i.l.urls[Number(n)] === '/' ? ' /' : x)).trim();
  if ((m = /^(?:with|using)\s+(?:(?:the|a|just the|only the)\s+)?(?:password|passcode|secret|pin|access code)\s+(q\d+)$/.exec(r))) {
    return [{ kind: 'sign-in', username: '', password: valueOf(i, m[1]!) }];
  }
  if ((m = /^(?:as|with|using)\s+(?:the\s+)?(?:user(?:name)?|e-?mail|login|account)?\s*(q\d+|[\w.@-]+)(?:,|\s)*(?:but\s+)?(?:and|with|\/|using)?\s*(?:the\s+|a\s+)?(?:(?:wrong|bad|invalid|incorrect)\s+)?(?:password|pass|passcode|secret|pin)?\s*(q\d+)$/.exec(r)) && !/^(?:the|a|test|my|your|password|pass|passcode|secret|pin)$/.test(m[1]!)) {
    return [{ kind: 'sign-in', username: valueOf(i, m[1]!), password: valueOf(i, m[2]!) }];
  }
  // Unquoted: "as baker with the password Sourdough-77", "using baker / Sourdough-77", "as baker, password Sourdough-77".
  if ((m = /^(?:as|with|using)\s+(?:the\s+)?(?:user(?:name)?|e-?mail|login|account)?\s*([\w.@+-]+)(?:\s+(?:account|user))?(?:\s*,\s*|\s+)(?:(?:and|with|using)\s+|\/\s*)?(?:the\s+|a\s+)?(?:(?:wrong|bad|invalid|incorrect)\s+)?(?:password|pass|passcode|secret|pin)?\s*([^\s,()]+)$/.exec(r)) && !/^(?:the|a|test|my|your|password|pass|passcode|secret|pin)$/.test(m[1]!) && !/^(?:and|with|using|password|account)$/.test(m[2]!)) {
    return [{ kind: 'sign-in', username: valueOf(i, m[1]!), password: valueOf(i, m[2]!) }];
  }
  const fields = formValues(i, r, false);
  const account = fields && accountOf(fields);
  if (account) return [{ kind: 'sign-in', ...account }];
  return [{ kind: 'sign-in', ...(fields?.length ? { fields } : {}) }];
}

/**
 * The account itself, given as the form's values: "(user baker, password Sourdough-77)" or two values
 * alone, "(baker / Sourdough-77)"; undefined when the values are something else.
 */
export function accountOf(given: Array<{ name?: string; value: string }>): { username: string; password: string } | undefined {
  // ("password Sourdough-77" as one value: its name, then the value.)
  const fields = given.map((f) => {
    const m = !f.name ? /^(password|pass|passcode|secret|pin|user|username|user name|login|e-?mail)\s+(\S+)$/i.exec(f.value) : null;
    return m ? { name: m[1]!, value: m[2]! } : f;
  });
  const named = (re: RegExp) => fields.find((f) => f.name && re.test(f.name.toLowerCase()))?.value;
  const password = named(/^(?:password|pass|passcode|secret|pin)$/);
  const username = named(/^(?:user|username|user name|login|e-?mail|account)$/);
  if (password !== undefined && fields.length <= 2) return { username: username ?? fields.find((f) => !f.name)?.value ?? '', password };
  // Two values alone, each one word: a user name and its password ("SQLite 3 / shop.db" is not).
  if (fields.length === 2 && fields.every((f) => !f.name && /^\S+$/.test(f.value)) && !/\.(?:db|sqlite3?|sql)$/i.test(fields[1]!.value)) return { username: fields[0]!.value, password: fields[1]!.value };
  return undefined;
}

const ACCOUNT = /^(?:(?:with|as|using|on|for)\s+)?(?:the\s+|my\s+|our\s+|a\s+|your\s+)?test (?:account|user)(?:'s)?(?:\s+(?:credentials|details|login|user ?name and password|username and password))?$/;
const FORM_WORD = /^(?:system|database|db|server|host|hostname|driver|engine|type|realm|tenant|domain|workspace|organi[sz]ation|org|project|environment|region|language|instance|site|company|school|team|catalog|schema|port)$/;

/**
 * What else a sign-in form is given beside the account: "on SQLite 3 with the database shop.db",
 * "System "SQLite 3", database "shop.db"", "(SQLite 3, shop.db, test account)". A piece names its
 * field ("database shop.db", "SQLite 3 as the system") or is a value alone; `list` says every piece
 * is a value (a parenthesis listing them), else a value alone must look like one (quoted, digits,
 * dots). Undefined when some piece is neither.
 */
export function formValues(i: RuleInput, text: string, list: boolean): Array<{ name?: string; value: string }> | undefined {
  const out: Array<{ name?: string; value: string }> = [];
  const pieces = text.split(/\s*,\s*(?:and\s+)?|\s+and\s+|\s+\/\s+|\s+(?=(?:on|with|using|into|to|via|against|in)\s)|\s+(?=as\s+(?:q\d+|[\w.@-]+)$)/).map((x) => x.trim()).filter(Boolean);
  for (const piece of pieces) {
    if (ACCOUNT.test(piece) || /^(?:with|as|using) (?:the |my )?(?:account|credentials)$/.test(piece)) continue;
    const bare = piece.replace(/^(?:on|with|using|into|to|via|against|in)\s+/, '').replace(/^(?:the|a|an|my)\s+/, '');
    let m: RegExpExecArray | null;
    // "as qa": the account's user name, which the test account gives anyway.
    if (/^as\s+(?:q\d+|[\w.@-]+)$/.test(piece)) continue;
    // "the SQLite 3 database shop.db": a value for one field, then another field and its value.
    if ((m = /^(.+?)\s+([a-z]+)\s+(q\d+|\S+)$/.exec(bare)) && FORM_WORD.test(m[2]!) && /[A-Z\d]/.test(asWritten(i.l, m[1]!))) {
      out.push({ value: valueOf(i, m[1]!) }, { name: asWritten(i.l, m[2]!), value: valueOf(i, m[3]!) });
      continue;
    }
    if ((m = /^(q\d+|[^\s,]+(?:\s+\d+)?)\s+as\s+(?:the\s+|a\s+)?([a-z][\w -]*)$/.exec(bare))) {
      out.push({ name: asWritten(i.l, m[2]!), value: valueOf(i, m[1]!) });
      continue;
    }
    // "the shop.db SQLite 3 database": values named by the kind of thing they are; a file name is a value of its own.
    if ((m = /^(.+?)\s+([a-z]+)$/.exec(bare)) && FORM_WORD.test(m[2]!) && /[A-Z\d.]/.test(asWritten(i.l, m[1]!)) && !/\bq\d+\b/.test(m[1]!)) {
      const chunks: string[] = [];
      for (const w of m[1]!.split(' ')) {
        if (/[.@/]/.test(w) || !chunks.length || /[.@/]/.test(chunks[chunks.length - 1]!)) chunks.push(w);
        else chunks[chunks.length - 1] += ` ${w}`;
      }
      out.push(...chunks.map((c) => ({ value: valueOf(i, c) })));
      continue;
    }
    if ((m = /^([a-z][\w-]*)\s+(?:is\s+|=\s*|of\s+)?(q\d+|.+)$/.exec(bare)) && (FORM_WORD.test(m[1]!) || /^q\d+$/.test(m[2]!))) {
      out.push({ name: asWritten(i.l, m[1]!), value: valueOf(i, m[2]!) });
      continue;
    }
    if (/^q\d+$/.test(bare) || (/[\d.@_]/.test(bare) && bare.split(' ').length <= 3) || (list && bare.split(' ').length <= 3 && /^[A-Z]/.test(asWritten(i.l, bare)))) {
      out.push({ value: valueOf(i, bare) });
      continue;
    }
    return undefined;
  }
  return out;
}

export function signOut(): Intent[] {
  return [{ kind: 'click', target: { name: '', kind: 'clickable', anyOf: ['Log out', 'Log Out', 'Sign out', 'Sign Out', 'log out', 'sign out', 'logout', 'signout', 'log off'] } }];
}


export const examples: Example[] = [
  ['Enter 1.5 hours', 'action', [{ kind: 'fill', target: { name: 'hours' }, value: '1.5' }]],
  ['Type " four" at the end of the text box', 'action', [{ kind: 'fill', value: ' four', end: true }]],
  ["Type Spring fair and what's coming up into the summary box", 'action', [{ kind: 'fill', target: { name: 'summary', role: 'textbox' }, value: "Spring fair and what's coming up" }]],
  ['Fill in the username maria, Jib-sheet5 as the password and Jib-sheet6 as the confirmation', 'action', [{ kind: 'fill', target: { name: 'username' }, value: 'maria' }, { kind: 'fill', target: { name: 'password' }, value: 'Jib-sheet5' }, { kind: 'fill', target: { name: 'confirmation' }, value: 'Jib-sheet6' }]],
  ['Fill in page 1 with Nadia Haddad, nadia.haddad@example.org and Northgate', 'action', [{ kind: 'fill-form', values: [{ value: 'Nadia Haddad' }, { value: 'nadia.haddad@example.org' }, { value: 'Northgate' }] }]],
  ['Fill in Nadia, Haddad, nadia.haddad@example.org, Year of birth 2031 and home branch Central', 'action', [{ kind: 'fill-form', values: [{ value: 'Nadia' }, { value: 'Haddad' }, { value: 'nadia.haddad@example.org' }, { label: 'Year of birth', value: '2031' }, { label: 'home branch', value: 'Central' }] }]],
  ['Complete page 1 (Nadia / Haddad / nadia.haddad@example.org, Westfield) and continue to page 2', 'action', [{ kind: 'fill-form', values: [{ value: 'Nadia' }, { value: 'Haddad' }, { value: 'nadia.haddad@example.org' }, { value: 'Westfield' }] }, { kind: 'click', target: { name: 'next' } }]],
  ['Fill in First Name "Elena", Last Name "Novak" and the email elena.novak@example.org', 'action', [{ kind: 'fill', target: { name: 'First Name' }, value: 'Elena' }, { kind: 'fill', target: { name: 'Last Name' }, value: 'Novak' }, { kind: 'fill', target: { name: 'email' }, value: 'elena.novak@example.org' }]],
  ['Complete "First" and "Second"', 'action', [{ kind: 'check', target: { name: 'First' } }, { kind: 'check', target: { name: 'Second' } }]],
  ['Type Needs new fence and press Enter', 'action', [{ kind: 'fill', target: { name: '@focused' }, value: 'Needs new fence' }, { kind: 'press', key: 'Enter' }]],
  ['Name the job newsletter', 'action', [{ kind: 'fill', target: { name: 'Name' }, value: 'newsletter' }]],
  ['In the dialog make the key shop:phone, keep the type String and click Save', 'action', [{ kind: 'fill', target: { name: 'key' }, value: 'shop:phone' }, { kind: 'click', target: { name: 'Save' } }]],
  ['Sign in as baker with the password Sourdough-77', 'action', [{ kind: 'sign-in', username: 'baker', password: 'Sourdough-77' }]],
  ['Log in (baker / Sourdough-77)', 'action', [{ kind: 'sign-in', username: 'baker', password: 'Sourdough-77' }]],
  ['Sign in with the baker account (password Sourdough-77)', 'action', [{ kind: 'sign-in', username: 'baker', password: 'Sourdough-77' }]],
  ['Change her title from Skipper to Club Captain', 'action', [{ kind: 'fill', target: { name: 'title', kind: 'field' }, value: 'Club Captain' }]],
  ['Write this query in the editor: query Lookup($id: ID!) { target(id: $id) { name } }', 'action', [{ kind: 'fill', target: { name: 'editor', multiline: true }, value: 'query Lookup($id: ID!) { target(id: $id) { name } }' }]],
  ['Replace everything in the editor with: { targets { name } }', 'action', [{ kind: 'fill', target: { name: 'editor', multiline: true }, value: '{ targets { name } }' }]],
  ['Describe the problem as "It crashes"', 'action', [{ kind: 'fill', target: { name: 'description', multiline: true }, value: 'It crashes' }]],
  ['Fill in To with bob@example.com and Subject with Lunch', 'action', [{ kind: 'fill', target: { name: 'To' }, value: 'bob@example.com' }, { kind: 'fill', target: { name: 'Subject' }, value: 'Lunch' }]],
  ['Compose a new message to bob@example.com with the subject "Hi" and the body "Hello"', 'action', [{ kind: 'click' }, { kind: 'fill', target: { name: 'To' }, value: 'bob@example.com' }, { kind: 'fill', target: { name: 'subject' }, value: 'Hi' }, { kind: 'fill', target: { name: 'body' }, value: 'Hello' }]],
  ['Post the comment "Looks good"', 'action', [{ kind: 'fill', value: 'Looks good' }, { kind: 'press', key: 'Enter', orSend: true }]],
  ['Send the message "hello everyone" in #general', 'action', [{ kind: 'fill', target: { name: 'message' }, value: 'hello everyone' }, { kind: 'press', key: 'Enter', orSend: true }]],
  ['Use the search box to find "printer"', 'action', [{ kind: 'fill', value: 'printer' }, { kind: 'press', key: 'Enter' }]],
  ['Set the Priority to High and the Status to Closed', 'action', [{ kind: 'fill', target: { name: 'Priority' }, value: 'High' }, { kind: 'fill', target: { name: 'Status' }, value: 'Closed' }]],
  ['Set the title to Salt and pepper', 'action', [{ kind: 'fill', value: 'Salt and pepper' }]],
  ['Create a new ticket titled "Crash on save" with severity Critical', 'action', [{ kind: 'click', target: { name: 'new ticket' } }, { kind: 'fill', target: { name: 'title' }, value: 'Crash on save' }, { kind: 'fill', target: { name: 'severity' }, value: 'Critical' }]],
  ['Type "Buy milk" into the new todo field and press Enter', 'action', [{ kind: 'fill', value: 'Buy milk' }, { kind: 'press', key: 'Enter' }]],
  ['Enter the e-mail "u@x" and the secret "p", then press "Continue"', 'action', [{ kind: 'fill', target: { name: 'e-mail' }, value: 'u@x' }, { kind: 'fill', target: { name: 'secret' }, value: 'p' }, { kind: 'click', target: { name: 'Continue' } }]],
  ['Enter "admin" as the username', 'action', [{ kind: 'fill', target: { name: 'username' }, value: 'admin' }]],
  ['Leave the "Code" field empty and hit "Go"', 'action', [{ kind: 'fill', target: { name: 'Code' }, value: '' }, { kind: 'click', target: { name: 'Go' } }]],
  ['Replace the JSON in the editor with {"k": 1}', 'action', [{ kind: 'fill', target: { multiline: true }, value: '{"k": 1}' }]],
  ['Add "One", "Two" and "Three" to the list', 'action', [{ kind: 'fill', value: 'One' }, { kind: 'press' }, { kind: 'fill', value: 'Two' }, { kind: 'press' }, { kind: 'fill', value: 'Three' }, { kind: 'press' }]],
  ['Search for "milk"', 'action', [{ kind: 'fill', value: 'milk' }, { kind: 'press', key: 'Enter' }]],
  ['Sign in as "u" with the password "p"', 'action', [{ kind: 'sign-in', username: 'u', password: 'p' }]],
  ['Log in with the password "p"', 'action', [{ kind: 'sign-in', username: '', password: 'p' }]],
  ['Sign in with the test account', 'action', [{ kind: 'sign-in' }]],
  ['Sign in as the test account on SQLite 3 with the database shop.db', 'action', [{ kind: 'sign-in', fields: [{ value: 'SQLite 3' }, { name: 'database', value: 'shop.db' }] }]],
  ['Sign in with the test account, System "SQLite 3", database "shop.db"', 'action', [{ kind: 'sign-in', fields: [{ name: 'System', value: 'SQLite 3' }, { name: 'database', value: 'shop.db' }] }]],
  ['Log in (SQLite 3, shop.db, test account)', 'action', [{ kind: 'sign-in', fields: [{ value: 'SQLite 3' }, { value: 'shop.db' }] }]],
  ["Enter the test account's username and password and shop.db as the database", 'action', [{ kind: 'sign-in', fillOnly: true, fields: [{ name: 'database', value: 'shop.db' }] }]],
  ['Type qa as the username, letmein as the password and shop.db as the database', 'action', [{ kind: 'fill', target: { name: 'username' }, value: 'qa' }, { kind: 'fill', target: { name: 'password' }, value: 'letmein' }, { kind: 'fill', target: { name: 'database' }, value: 'shop.db' }]],
  ['Put Sencha as the new title', 'action', [{ kind: 'fill', target: { name: 'new title', kind: 'field' }, value: 'Sencha' }]],
  ['Enter Work Docs as the new label', 'action', [{ kind: 'fill', target: { name: 'new label', kind: 'field' }, value: 'Work Docs' }]],
  ['In the new cell type print(sales["March"] * 2)', 'action', [{ kind: 'fill', value: 'print(sales["March"] * 2)' }]],
];
