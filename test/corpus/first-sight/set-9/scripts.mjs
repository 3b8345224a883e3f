// Hand-written Playwright scripts for every plan of first-sight set 9: the same steps as the plan,
// written with full knowledge of each app's markup. A check that does not hold throws `step N: …`.
import { RADICALE } from './scripts-radicale.mjs';
import { FULLCALENDAR } from './scripts-fullcalendar.mjs';
import { SURVEYJS } from './scripts-surveyjs.mjs';

export const SCRIPTS = { ...RADICALE, ...FULLCALENDAR, ...SURVEYJS };
