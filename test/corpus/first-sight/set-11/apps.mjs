// First-sight set 11: real third-party web apps, each started fresh on a free loopback port with its own
// temp dir and fixed seed data (see README.md).
//
//   redmine    Debian `redmine` 5.0.4 + `redmine-sqlite` (bookworm): the Redmine issue tracker on WEBrick with a
//              SQLite database, Larkspur Bakery Co-op's tracker (four users, three projects, issues, versions, wiki)
//   tomselect  npm `tom-select` 2.6.2 + `flatpickr` 4.6.13 (under /opt/fs11/tomselect): a pottery studio's
//              workshop booking form (searchable select, tag box, date-range and time pickers, summary)
//   dropzone   npm `dropzone` 6.3.5 (under /opt/fs11/dropzone): a camera club's competition entry page with a
//              Dropzone posting to a loopback upload endpoint (dropzone-server.mjs)
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../service.mjs';
import { instances, waitHttp } from '../kit.mjs';
import { TOMSELECT_SITE } from './tomselect-site.mjs';
import { DROPZONE_SITE } from './dropzone-site.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const RUBY = '/usr/bin/ruby';
const REDMINE = '/usr/share/redmine';
// The database Debian's postinst creates (dbconfig-common, SQLite): schema migrated, default data loaded.
const REDMINE_DB = '/var/lib/dbconfig-common/sqlite3/redmine/instances/default/redmine_default';
const TOMSELECT_DIR = '/opt/fs11/tomselect/node_modules/tom-select/dist';
const FLATPICKR_DIR = '/opt/fs11/tomselect/node_modules/flatpickr/dist';
const DROPZONE_DIR = '/opt/fs11/dropzone/node_modules/dropzone/dist';

const kit = instances('set-11');
const { start, need } = kit;

// ---------------------------------------------------------------- Redmine

const REDMINE_HOW = 'install it with `DEBIAN_FRONTEND=noninteractive flock /tmp/svc-apt.lock apt-get install -y -o DPkg::Lock::Timeout=600 --no-install-recommends redmine redmine-sqlite`';

// Redmine's Debian multi-tenancy keeps an instance's config, files, log and tmp under
// /usr/share/redmine/instances/<X_DEBIAN_SITEID> (a link to /var/lib/redmine); a relative site id that climbs
// to / puts the instance in our temp dir instead, without touching the system's instance.
const siteId = (dir) => `../../../../../..${dir}`;

function redmineDir(dir, db) {
  for (const d of ['config', 'files', 'log', 'tmp', 'public']) mkdirSync(join(dir, d), { recursive: true });
  copyFileSync(db, join(dir, 'db.sqlite'));
  writeFileSync(join(dir, 'config', 'database.yml'), `production:\n  adapter: sqlite3\n  database: ${join(dir, 'db.sqlite')}\n  encoding: utf8\n  timeout: 5000\n`);
  writeFileSync(join(dir, 'config', 'secret_key.txt'), randomBytes(32).toString('hex'));
}

let seeded; // the seeded database, made once per process
function redmineSeed() {
  seeded ??= new Promise((resolve, reject) => {
    const dir = kit.dir('svc-fs11-redmine-seed-');
    redmineDir(dir, REDMINE_DB);
    execFile(RUBY, [join(HERE, 'redmine-serve.rb'), '--seed', join(HERE, 'redmine-seed.rb')],
      { cwd: dir, env: { ...process.env, X_DEBIAN_SITEID: siteId(dir), RAILS_ENV: 'production' }, timeout: 120_000 },
      (err, stdout, stderr) => (err || !stdout.includes('seeded') ? reject(new Error(`seeding Redmine failed: ${err?.message ?? ''} ${stderr.slice(-1500)}`)) : resolve(join(dir, 'db.sqlite'))));
  });
  seeded.catch(() => { seeded = undefined; });
  return seeded;
}

async function startRedmine() {
  need(join(REDMINE, 'config', 'environment.rb'), REDMINE_HOW);
  need(REDMINE_DB, `${REDMINE_HOW} (its postinst creates the SQLite database this set copies)`);
  need(RUBY, REDMINE_HOW);
  const db = await redmineSeed();
  const dir = kit.dir('svc-fs11-redmine-');
  const children = [];
  return kit.withCleanup(dir, children, async () => {
    redmineDir(dir, db);
    const port = await freePort();
    const server = start(RUBY, [join(HERE, 'redmine-serve.rb'), String(port)], { cwd: dir, env: { ...process.env, X_DEBIAN_SITEID: siteId(dir), RAILS_ENV: 'production' } });
    children.push(server);
    const url = `http://127.0.0.1:${port}/`;
    await waitHttp(`${url}login`, server, 60_000, (r) => r.status === 200);
    return { url, stop: kit.stopper(dir, children) };
  });
}

// ---------------------------------------------------------------- Tom Select + flatpickr

async function startTomSelect() {
  const how = 'install it with `flock /tmp/svc-npm.lock npm install --prefix /opt/fs11/tomselect tom-select@2.6.2 flatpickr@4.6.13`';
  need(join(TOMSELECT_DIR, 'js', 'tom-select.complete.min.js'), how);
  need(join(FLATPICKR_DIR, 'flatpickr.min.js'), how);
  return kit.serveStatic('svc-fs11-tomselect-', TOMSELECT_SITE, [`/tom-select/=${TOMSELECT_DIR}`, `/flatpickr/=${FLATPICKR_DIR}`]);
}

// ---------------------------------------------------------------- Dropzone

async function startDropzone() {
  need(join(DROPZONE_DIR, 'dropzone-min.js'), 'install it with `flock /tmp/svc-npm.lock npm install --prefix /opt/fs11/dropzone dropzone@6.3.5`');
  const dir = kit.dir('svc-fs11-dropzone-');
  const children = [];
  return kit.withCleanup(dir, children, async () => {
    for (const [name, text] of Object.entries(DROPZONE_SITE)) {
      mkdirSync(dirname(join(dir, 'site', name)), { recursive: true });
      writeFileSync(join(dir, 'site', name), text);
    }
    const port = await freePort();
    const server = start(process.execPath, [join(HERE, 'dropzone-server.mjs'), String(port), join(dir, 'site'), DROPZONE_DIR], { cwd: dir });
    children.push(server);
    const url = `http://127.0.0.1:${port}/`;
    await waitHttp(url, server, 15_000, (r) => r.status === 200);
    return { url, stop: kit.stopper(dir, children) };
  });
}

// ----------------------------------------------------------------

export async function startApp(key) {
  if (key === 'redmine') return startRedmine();
  if (key === 'tomselect') return startTomSelect();
  if (key === 'dropzone') return startDropzone();
  throw new Error(`unknown first-sight set-11 app "${key}"`);
}

export async function stopApps() {
  await kit.stopAll();
  seeded = undefined;
}
