// First-sight set 9: real third-party web apps, each started fresh on a free loopback port with its own
// temp dir and fixed seed data (see README.md).
//
//   radicale      Debian `radicale` 3.1.8 (bookworm): the Radicale CalDAV / CardDAV server and its built-in
//                 web interface (sign-in, list of address books and calendars, create / edit / delete /
//                 upload), for the secretary of a cycling club with five seeded collections
//   fullcalendar  npm `fullcalendar` 6.1.21 (under /opt/fs9/fullcalendar): the FullCalendar standard bundle on a
//                 small page, the room bookings of a community hall in March 2027
//   surveyjs      npm `survey-core` + `survey-js-ui` 2.5.38 (under /opt/fs9/survey): the SurveyJS form library on
//                 a small page, a three-page library membership application
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../service.mjs';
import { instances, waitHttp } from '../kit.mjs';
import { FULLCALENDAR_SITE } from './fullcalendar-site.mjs';
import { SURVEYJS_SITE } from './surveyjs-site.mjs';

const RADICALE = '/usr/bin/radicale';
const RADICALE_WEB = '/usr/lib/python3/dist-packages/radicale/web/internal_data/index.html';
const FULLCALENDAR_DIR = '/opt/fs9/fullcalendar/node_modules/fullcalendar';
const FULLCALENDAR_CORE_DIR = '/opt/fs9/fullcalendar/node_modules/@fullcalendar/core';
const SURVEY_DIR = '/opt/fs9/survey/node_modules';

const kit = instances('set-9');
const { start, need } = kit;

// ---------------------------------------------------------------- Radicale

export const RADICALE_USERS = { marta: 'Spokes-2027', tomas: 'Derailleur-9' };

/** Marta's collections, written straight into Radicale's file storage (the layout Radicale itself writes). */
const RADICALE_COLLECTIONS = {
  marta: {
    'club-members': { tag: 'VADDRESSBOOK', 'D:displayname': 'Club members', 'CR:addressbook-description': 'Everyone who has paid this season\'s subscription', '{http://inf-it.com/ns/ab/}addressbook-color': '#2e7d32ff' },
    sponsors: { tag: 'VADDRESSBOOK', 'D:displayname': 'Sponsors', 'CR:addressbook-description': 'Local businesses that sponsor the club kit', '{http://inf-it.com/ns/ab/}addressbook-color': '#6a1b9aff' },
    'weekend-rides': { tag: 'VCALENDAR', 'D:displayname': 'Weekend rides', 'C:calendar-description': 'Saturday and Sunday club rides', 'ICAL:calendar-color': '#1565c0ff', 'C:supported-calendar-component-set': 'VEVENT' },
    'workshop-rota': { tag: 'VCALENDAR', 'D:displayname': 'Workshop rota', 'C:calendar-description': 'Who opens the bike workshop, and the jobs to do there', 'ICAL:calendar-color': '#ef6c00ff', 'C:supported-calendar-component-set': 'VEVENT,VTODO' },
    'committee-journal': { tag: 'VCALENDAR', 'D:displayname': 'Committee journal', 'C:supported-calendar-component-set': 'VJOURNAL' },
  },
  tomas: {
    'race-calendar': { tag: 'VCALENDAR', 'D:displayname': 'Race calendar', 'C:calendar-description': 'Open races the club enters', 'ICAL:calendar-color': '#c62828ff', 'C:supported-calendar-component-set': 'VEVENT' },
  },
};

async function startRadicale() {
  need(RADICALE, 'install it with `DEBIAN_FRONTEND=noninteractive flock /tmp/svc-apt.lock apt-get install -y -o DPkg::Lock::Timeout=600 --no-install-recommends radicale`');
  need(RADICALE_WEB, 'the Debian package `radicale` ships its web interface there; reinstall it');
  const dir = kit.dir('svc-fs9-radicale-');
  const children = [];
  return kit.withCleanup(dir, children, async () => {
    const port = await freePort();
    writeFileSync(join(dir, 'users'), Object.entries(RADICALE_USERS).map(([u, p]) => `${u}:${p}\n`).join(''));
    for (const [user, cols] of Object.entries(RADICALE_COLLECTIONS)) {
      for (const [name, props] of Object.entries(cols)) {
        const d = join(dir, 'collections', 'collection-root', user, name);
        mkdirSync(d, { recursive: true });
        writeFileSync(join(d, '.Radicale.props'), JSON.stringify(props));
      }
    }
    writeFileSync(join(dir, 'config'), [
      '[server]', `hosts = 127.0.0.1:${port}`,
      '[auth]', 'type = htpasswd', `htpasswd_filename = ${join(dir, 'users')}`, 'htpasswd_encryption = plain', 'delay = 0',
      '[rights]', 'type = owner_only',
      '[storage]', `filesystem_folder = ${join(dir, 'collections')}`,
      '[web]', 'type = internal',
      '[logging]', 'level = warning',
      '',
    ].join('\n'));
    const server = start(RADICALE, ['--config', join(dir, 'config')], { cwd: dir, env: { ...process.env, HOME: dir } });
    children.push(server);
    const url = `http://127.0.0.1:${port}/.web/`;
    await waitHttp(url, server, 20_000, (r) => r.status === 200);
    return { url, stop: kit.stopper(dir, children) };
  });
}

// ---------------------------------------------------------------- static bundles (fullcalendar, surveyjs)

async function startFullCalendar() {
  const how = 'install it with `flock /tmp/svc-npm.lock npm install --prefix /opt/fs9/fullcalendar fullcalendar@6.1.21`';
  need(join(FULLCALENDAR_DIR, 'index.global.min.js'), how);
  need(join(FULLCALENDAR_CORE_DIR, 'locales', 'en-gb.global.min.js'), how);
  return kit.serveStatic('svc-fs9-fullcalendar-', FULLCALENDAR_SITE, [`/fullcalendar/=${FULLCALENDAR_DIR}`, `/fullcalendar-core/=${FULLCALENDAR_CORE_DIR}`]);
}

async function startSurveyJs() {
  const how = 'install it with `flock /tmp/svc-npm.lock npm install --prefix /opt/fs9/survey survey-core@2.5.38 survey-js-ui@2.5.38`';
  need(join(SURVEY_DIR, 'survey-core', 'survey.core.min.js'), how);
  need(join(SURVEY_DIR, 'survey-js-ui', 'survey-js-ui.min.js'), how);
  return kit.serveStatic('svc-fs9-surveyjs-', SURVEYJS_SITE, [`/survey-core/=${join(SURVEY_DIR, 'survey-core')}`, `/survey-js-ui/=${join(SURVEY_DIR, 'survey-js-ui')}`]);
}

// ----------------------------------------------------------------

export async function startApp(key) {
  if (key === 'radicale') return startRadicale();
  if (key === 'fullcalendar') return startFullCalendar();
  if (key === 'surveyjs') return startSurveyJs();
  throw new Error(`unknown first-sight set-9 app "${key}"`);
}

export async function stopApps() {
  await kit.stopAll();
}
