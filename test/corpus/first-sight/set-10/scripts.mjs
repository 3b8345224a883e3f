// Hand-written Playwright scripts for every plan of first-sight set 10: the same steps as the plan,
// written with full knowledge of each app's markup. A check that does not hold throws `step N: …`.
import { ZNC } from './scripts-znc.mjs';
import { JSTREE } from './scripts-jstree.mjs';
import { QUILL } from './scripts-quill.mjs';

export const SCRIPTS = { ...ZNC, ...JSTREE, ...QUILL };
