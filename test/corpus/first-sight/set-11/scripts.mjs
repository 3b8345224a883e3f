// Hand-written Playwright scripts for every plan of first-sight set 11: the same steps as the plan,
// written with full knowledge of each app's markup. A check that does not hold throws `step N: …`.
import { REDMINE } from './scripts-redmine.mjs';
import { TOMSELECT } from './scripts-tomselect.mjs';
import { DROPZONE } from './scripts-dropzone.mjs';

export const SCRIPTS = { ...REDMINE, ...TOMSELECT, ...DROPZONE };
