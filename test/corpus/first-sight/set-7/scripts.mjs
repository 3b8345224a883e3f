// Hand-written Playwright scripts for every plan of first-sight set 7: the same steps as the plan,
// written with full knowledge of each app's markup. A check that does not hold throws `step N: …`.
import { REDIS } from './scripts-redis.mjs';
import { DOCSIFY } from './scripts-docsify.mjs';
import { BPMN } from './scripts-bpmn.mjs';

export const SCRIPTS = { ...REDIS, ...DOCSIFY, ...BPMN };
