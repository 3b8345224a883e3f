// Hand-written Playwright scripts for every plan of first-sight set 8: the same steps as the plan,
// written with full knowledge of each app's markup. A check that does not hold throws `step N: …`.
import { BULLBOARD } from './scripts-bullboard.mjs';
import { JSONEDITOR } from './scripts-jsoneditor.mjs';
import { TABULATOR } from './scripts-tabulator.mjs';

export const SCRIPTS = { ...BULLBOARD, ...JSONEDITOR, ...TABULATOR };
