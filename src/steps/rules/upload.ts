/**
 * Files given to the page through a file chooser: "Upload report.csv", "Attach "Q3 Report.pdf" to the
 * message", "Choose the file time-trials.ics in the file picker", "Select avatar.jpg as the profile
 * picture", "Import contacts.vcf". The files come from the project's files; the control is the one the
 * step names, else the chooser the step before opened, else the page's own file input.
 */
import type { Intent } from '../intent.js';
import { asWritten } from '../lift.js';
import { targetOf, type Example, type RuleInput } from './context.js';

/** Endings of files people pick: documents, data, images, archives, calendars and cards, code. */
const EXT = 'txt|csv|tsv|json|jsonl|xml|ya?ml|ics|ifb|vcf|vcard|ldif|pdf|png|jpe?g|gif|svg|webp|bmp|ico|tiff?|heic|docx?|xlsx?|pptx?|od[tsp]|rtf|zip|gz|tgz|tar|7z|rar|md|markdown|html?|mp3|mp4|m4a|wav|ogg|webm|mov|avi|mkv|sql|log|ini|conf|cfg|toml|epub|pem|crt|cer|key|p12|pfx|js|mjs|ts|py|sh|bin|dat|eml|mbox|har|ipynb|bpmn|dmn|drawio|kml|gpx|geojson|db|sqlite|env|properties';
const FILE_NAME = new RegExp(`^[\\w][\\w .()+-]*\\.(?:${EXT})$`, 'i');
const BARE_FILE = new RegExp(`(?<![\\w/.@-])[\\w][\\w()+-]*(?:\\.[\\w()+-]+)*\\.(?:${EXT})(?![\\w.-])`, 'gi');

/** Where the browser asks for a file: nothing to find on the page. */
const PICKER = /\s*\b(?:in|from|with|using|via|through)\s+(?:the\s+)?(?:browser'?s?\s+|system\s+|operating system'?s?\s+|native\s+)?(?:file\s+)?(?:picker|chooser|dialog|selector|open dialog|upload dialog|file dialog|file window)\b(?:\s+that\s+(?:opens|appears|pops up|comes up))?/;

/** Verbs that give a file only when the step says so (a file named with its ending, the picker, "the file X"). */
const LOOSE_VERBS = /^(?:choose|select|pick|add|import|open|provide|supply)$/;

/** How the files are given, said after them: "again", "as well", "together", "one after the other" (each in turn). */
const HOW = /\s+(?:again|as well|too|once more|one after the other|one after another|one by one|one at a time|in turn|each in turn|together|at once|all at once|at the same time|in one go)$/;

/** The file names a clause gives: quoted names ending like a file, or bare ones. */
function filesIn(i: RuleInput, rest: string): { files: string[]; left: string } {
  const files: string[] = [];
  let left = rest.replace(/\bq(\d+)\b/g, (q, n: string) => {
    const v = i.l.quotes[Number(n)] ?? '';
    if (!FILE_NAME.test(v.trim())) return q;
    files.push(v.trim());
    return ' @file ';
  });
  left = left.replace(BARE_FILE, (f) => {
    files.push(asWritten(i.l, f));
    return ' @file ';
  });
  return { files, left: left.replace(/\s+/g, ' ').trim() };
}

/**
 * A file given to the page. `strict`: the verb means nothing else ("upload", "attach"); otherwise the
 * step must say it is a file ("choose the file X", "… in the file picker", a name with a file's ending
 * and a place to put it).
 */
export function upload(i: RuleInput, strict: boolean): Intent[] | undefined {
  if (!strict && !LOOSE_VERBS.test(i.verb)) return undefined;
  // ("Import contacts.vcf": importing a file named is giving it to the page.)
  if (i.verb === 'import') strict = true;
  const picker = PICKER.test(i.rest);
  let rest = i.rest.replace(PICKER, ' ').replace(/\s+/g, ' ').trim();
  let each = false;
  for (let h = HOW.exec(rest); h; h = HOW.exec(rest)) {
    each ||= /one (?:after|by|at)|in turn/.test(h[0]);
    rest = rest.slice(0, h.index);
  }
  // "the file q0", "files a.csv and b.csv": the word says it, whatever the name ends in.
  const said = /^(?:the |a |an |this |that |our |your )?(?:files?|documents?|attachments?)\s+(q\d+)\b/.exec(rest);
  const { files, left } = filesIn(i, rest);
  if (said && !files.length) {
    files.push(i.l.quotes[Number(said[1]!.slice(1))]!);
  }
  if (!files.length) return undefined;
  const words = left.replace(/\bq\d+\b/, (q) => (said && q === said[1] ? '@file' : q))
    .replace(/^(?:the |a |an |this |that |our |your |my )?(?:(?:new |example |sample |test |local )?(?:files?|documents?|attachments?|images?|pictures?|photos?|spreadsheets?|exports?)\s+)?(?:(?:called|named)\s+)?/, '')
    .replace(/@file(?:\s*(?:,|and|&)\s*(?:the\s+)?(?:files?\s+)?@file)*/g, '@file')
    .trim();
  // What is left after the files: where they go ("to the message", "as the profile picture", "into the Attachments field").
  const where = /^@file\s*(?:(?:from|on) (?:the |your |my )?(?:computer|disk|desktop|machine|files?|test files|project files|fixtures?|project)\s*)?(?:(?:to|into|onto|in|on|as|for|under|using|with|via)\s+(.+))?$/.exec(words);
  if (!where) return undefined;
  const place = where[1]?.replace(/^(?:the|a|an|my|your|its|their)\s+/, '').trim();
  // A loose verb needs the step to say it is a file: the picker, or "the file" or a place to put it (not
  // for "open": "open the file notes.md" opens it in the app). Without the picker, an item of that name
  // on the page is what is meant when no chooser is open ("select the file todo.txt" in a file list).
  // ("Choose harbour-dawn.jpg", a picture or a document by its name alone, is a file to give: or the item of that name.)
  const media = /^(?:choose|pick)$/.test(i.verb) && !place && files.every((f) => /\.(?:png|jpe?g|gif|webp|svg|bmp|tiff?|heic|pdf|docx?|xlsx?|pptx?|od[tsp]|csv|zip|mp3|mp4|mov|wav)$/i.test(f));
  if (!strict && !picker && !media && (i.verb === 'open' || (!said && !/\bfiles?\b/.test(i.rest) && !place))) return undefined;
  const orItem = !strict && !picker ? { orItem: true } : {};
  const target = !place || /^(?:upload|upload area|upload field|upload box|file (?:field|input|box|area)|drop ?zone|drop area)$/.test(place) ? {} : { target: { ...targetOf(i, `the ${place}`, 'any'), hints: ['upload', 'file'], relaxed: true } };
  // "one after the other": each file in turn, as a person adds them.
  return (each ? files.map((f) => [f]) : [files]).map((group) => ({ kind: 'upload', files: group, ...target, ...orItem }));
}

export const examples: Example[] = [
  ['Upload report.csv', 'action', [{ kind: 'upload', files: ['report.csv'] }]],
  ['Choose the file time-trials.ics in the file picker', 'action', [{ kind: 'upload', files: ['time-trials.ics'] }]],
  ['Pick the file new-members.vcf', 'action', [{ kind: 'upload', files: ['new-members.vcf'] }]],
  ['Attach "Q3 Report.pdf" and photo.png to the message', 'action', [{ kind: 'upload', files: ['Q3 Report.pdf', 'photo.png'], target: { name: 'message' } }]],
  ['Select avatar.jpg as the profile picture', 'action', [{ kind: 'upload', files: ['avatar.jpg'], target: { name: 'profile', role: 'img', relaxed: true } }]],
  ['Upload the file "Minutes" from your computer', 'action', [{ kind: 'upload', files: ['Minutes'] }]],
  ['Import contacts.vcf', 'action', [{ kind: 'upload', files: ['contacts.vcf'] }]],
  ['Upload a.jpg and b.png one after the other', 'action', [{ kind: 'upload', files: ['a.jpg'] }, { kind: 'upload', files: ['b.png'] }]],
  ['Upload a.jpg again', 'action', [{ kind: 'upload', files: ['a.jpg'] }]],
  ['Choose harbour-dawn.jpg', 'action', [{ kind: 'upload', files: ['harbour-dawn.jpg'], orItem: true }]],
];
