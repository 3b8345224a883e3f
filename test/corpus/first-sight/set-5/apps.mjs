// First-sight set 5: three real third-party web apps, each started fresh on a free loopback port with
// its own temp dirs and fixed seed data (see README.md).
//
//   tiddlywiki  npm `tiddlywiki` (5.4.1, installed under /opt/fs5/tiddlywiki): a single-page personal
//               wiki served by its own Node.js server; seed: the baking notebook "Hearth & Crumb"
//               (recipes, tags, a reference table, a journal), no sign-in
//   nodered     npm `node-red` (4.1.8, installed under /opt/fs5/node-red): a visual flow editor with
//               admin sign-in; seed: flows "Greenhouse" and "Notifications", user qa
//   phpmyadmin  Debian `phpmyadmin` (5.2.1) on `php -S` with its own MariaDB server (Debian
//               `mariadb-server`, 10.11); seed: the database "bookshop", MariaDB user qa
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../service.mjs';
import { processes, waitHttp } from '../kit.mjs';

export const NODERED_ACCOUNT = { username: 'qa', password: 'Flow-Pass-2024' };
export const PMA_ACCOUNT = { username: 'qa', password: 'Table-Pass-2024' };

const TW_BIN = '/opt/fs5/tiddlywiki/node_modules/tiddlywiki/tiddlywiki.js';
const NR_BIN = '/opt/fs5/node-red/node_modules/node-red/red.js';
const PMA_CORE = '/usr/share/phpmyadmin';

const servers = processes();
const start = (cmd, args, opts) => servers.start(cmd, args, opts);
const stopChild = (child) => servers.stop(child);
const templates = new Set();

function need(path, what) {
  if (!existsSync(path)) throw new Error(`${path} is missing: ${what} (see test/corpus/first-sight/set-5/README.md)`);
}

/** Runs `fn()`; on failure stops `children` and removes `dir`. */
async function withCleanup(dir, children, fn) {
  try {
    return await fn();
  } catch (err) {
    for (const c of children) await stopChild(c);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

// ---------------------------------------------------------------- tiddlywiki

/** [title, tags, created, modified, text, extra fields] — dates are TiddlyWiki's UTC yyyymmddhhmmssmmm. */
const TIDDLERS = [
  ['Welcome', '', '20240302090000000', '20240302090000000',
    "Welcome to ''Hearth & Crumb'', the notebook where we keep the recipes we bake at home.\n\n* Start with the [[Sourdough Loaf]], our everyday bread.\n* The [[Recipe Index]] lists every recipe.\n* [[Oven Temperatures]] converts gas marks to degrees.\n"],
  ['Sourdough Loaf', 'Recipe Bread', '20240304081500000', '20240318193000000',
    '!! Ingredients\n\n* 500 g strong white flour\n* 350 g water\n* 100 g active starter\n* 10 g salt\n\n!! Method\n\n# Mix the flour and water and rest for an hour.\n# Add the starter and the salt.\n# Stretch and fold four times, then prove overnight in the fridge.\n# Bake at 230 °C for 40 minutes.\n', { servings: '1 loaf', 'prep-time': '24 hours' }],
  ['Rye Crackers', 'Recipe Snack', '20240306120000000', '20240306120000000',
    '!! Ingredients\n\n* 200 g rye flour\n* 120 g water\n* 2 tbsp olive oil\n* 1 tsp caraway seeds\n\nRoll thin, prick with a fork and bake at 200 °C for 15 minutes.\n', { servings: '30 crackers', 'prep-time': '45 minutes' }],
  ['Cinnamon Buns', 'Recipe Sweet', '20240309150000000', '20240312101000000',
    '!! Ingredients\n\n* 500 g plain flour\n* 250 ml milk\n* 75 g butter\n* 2 tsp ground cinnamon\n* 80 g brown sugar\n\nBake at 200 °C for 12 minutes until golden.\n', { servings: '12 buns', 'prep-time': '3 hours' }],
  ['Lemon Drizzle Cake', 'Recipe Sweet Cake', '20240311140000000', '20240311140000000',
    '!! Ingredients\n\n* 225 g butter\n* 225 g caster sugar\n* 4 eggs\n* 2 lemons\n\nBake at 180 °C for 45 minutes, then pour the lemon syrup over the warm cake.\n', { servings: '10 slices', 'prep-time': '1 hour' }],
  ['Oven Temperatures', 'Reference', '20240305100000000', '20240305100000000',
    '|!Gas mark |!Celsius |!Fahrenheit |\n| 4 | 180 °C | 350 °F |\n| 6 | 200 °C | 400 °F |\n| 8 | 230 °C | 450 °F |\n'],
  ['Recipe Index', 'Reference', '20240302091000000', '20240302091000000',
    'All our recipes, in alphabetical order:\n\n<<list-links "[tag[Recipe]sort[title]]">>\n'],
  ['Starter Feeding Log', 'Journal', '20240315080000000', '20240320081000000',
    'Fed the starter "Clint" every morning this week.\n\n* 15 March: 50 g flour, 50 g water\n* 18 March: 50 g flour, 50 g water, very bubbly\n* 20 March: skipped, starter in the fridge\n'],
  ['Shopping List', 'Journal', '20240319170000000', '20240319170000000',
    'Things to buy before the weekend bake:\n\n<$checkbox field="flour" checked="yes" unchecked="no" default="no"> Strong white flour</$checkbox>\n\n<$checkbox field="yeast" checked="yes" unchecked="no" default="no"> Dried yeast</$checkbox>\n\n<$checkbox field="lemons" checked="yes" unchecked="no" default="yes"> Lemons</$checkbox>\n', { flour: 'no', yeast: 'no', lemons: 'yes' }],
  ['Sweet', '', '20240309150000000', '20240309150000000', 'Cakes, buns and anything with sugar.\n'],
  ['$:/SiteTitle', '', '20240301000000000', '20240301000000000', 'Hearth & Crumb'],
  ['$:/SiteSubtitle', '', '20240301000000000', '20240301000000000', 'Recipes and baking notes'],
  ['$:/DefaultTiddlers', '', '20240301000000000', '20240301000000000', '[[Welcome]]'],
  // no "new version" / save / sync noise, and no animation so the story is stable at once
  ['$:/config/AnimationDuration', '', '20240301000000000', '20240301000000000', '0'],
];

function tidFile({ title, tags, created, modified, text, fields }) {
  const head = [`title: ${title}`, `created: ${created}`, `modified: ${modified}`, 'creator: qa', 'modifier: qa'];
  if (tags) head.push(`tags: ${tags}`);
  head.push('type: text/vnd.tiddlywiki');
  for (const [k, v] of Object.entries(fields ?? {})) head.push(`${k}: ${v}`);
  return `${head.join('\n')}\n\n${text}`;
}

let twTpl;
function tiddlywikiTemplate() {
  if (twTpl) return twTpl;
  need(TW_BIN, 'install it with `flock /tmp/svc-npm.lock npm install --prefix /opt/fs5/tiddlywiki tiddlywiki@5.4.1`');
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs5-twtpl-'));
  mkdirSync(join(dir, 'tiddlers'));
  writeFileSync(join(dir, 'tiddlywiki.info'), JSON.stringify({
    description: 'Hearth & Crumb baking notebook', plugins: ['tiddlywiki/tiddlyweb', 'tiddlywiki/filesystem'], themes: ['tiddlywiki/vanilla', 'tiddlywiki/snowwhite'],
  }, null, 2));
  TIDDLERS.forEach(([title, tags, created, modified, text, fields], i) => {
    writeFileSync(join(dir, 'tiddlers', `seed-${String(i).padStart(2, '0')}.tid`), tidFile({ title, tags, created, modified, text, fields }));
  });
  templates.add(dir);
  twTpl = dir;
  return dir;
}

async function startTiddlywiki() {
  const tpl = tiddlywikiTemplate();
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs5-tw-'));
  cpSync(tpl, dir, { recursive: true });
  const port = await freePort();
  const child = start(process.execPath, [TW_BIN, dir, '--listen', `port=${port}`, 'host=127.0.0.1'], { cwd: dir, env: { ...process.env, HOME: dir } });
  const url = `http://127.0.0.1:${port}/`;
  const stop = async () => { await stopChild(child); rmSync(dir, { recursive: true, force: true }); };
  await withCleanup(dir, [child], () => waitHttp(url, child, 20_000, (r) => r.status === 200));
  return { url, stop };
}

// ---------------------------------------------------------------- node-red

// bcrypt of NODERED_ACCOUNT.password (made with node-red's own bcryptjs)
const NR_HASH = '$2b$08$Dj3cH7tRFz769UUkn9yhfO1uezwg9WjkGtL3.DHCsxZFaSeKfZ8OO';

const NR_FLOWS = [
  { id: 'f1a0000000000001', type: 'tab', label: 'Greenhouse', disabled: false, info: 'Reads the greenhouse sensors and logs the temperature.' },
  { id: 'f1a0000000000002', type: 'tab', label: 'Notifications', disabled: false, info: 'Sends the daily summary.' },
  { id: 'a000000000000001', type: 'inject', z: 'f1a0000000000001', name: 'Morning reading', props: [{ p: 'payload' }], repeat: '', crontab: '', once: false, onceDelay: 0.1, topic: 'greenhouse', payload: '70.7', payloadType: 'num', x: 130, y: 100, wires: [['a000000000000002']] },
  { id: 'a000000000000002', type: 'function', z: 'f1a0000000000001', name: 'Fahrenheit to Celsius', func: 'msg.payload = Math.round((msg.payload - 32) * 5 / 9 * 10) / 10;\nreturn msg;', outputs: 1, timeout: 0, noerr: 0, initialize: '', finalize: '', libs: [], x: 330, y: 100, wires: [['a000000000000003', 'a000000000000004']] },
  { id: 'a000000000000003', type: 'debug', z: 'f1a0000000000001', name: 'Temperature log', active: true, tosidebar: true, console: false, tostatus: false, complete: 'payload', targetType: 'msg', statusVal: '', statusType: 'auto', x: 560, y: 100, wires: [] },
  { id: 'a000000000000004', type: 'switch', z: 'f1a0000000000001', name: 'Too hot?', property: 'payload', propertyType: 'msg', rules: [{ t: 'gt', v: '28', vt: 'num' }, { t: 'else' }], checkall: 'true', repair: false, outputs: 2, x: 540, y: 180, wires: [['a000000000000005'], []] },
  { id: 'a000000000000005', type: 'change', z: 'f1a0000000000001', name: 'Open the vents', rules: [{ t: 'set', p: 'payload', pt: 'msg', to: 'vents open', tot: 'str' }], action: '', property: '', from: '', to: '', reg: false, x: 320, y: 260, wires: [['a000000000000006']] },
  { id: 'a000000000000006', type: 'debug', z: 'f1a0000000000001', name: 'Vent log', active: true, tosidebar: true, console: false, tostatus: false, complete: 'payload', targetType: 'msg', statusVal: '', statusType: 'auto', x: 540, y: 260, wires: [] },
  { id: 'a000000000000007', type: 'comment', z: 'f1a0000000000001', name: 'Sensor readings arrive in Fahrenheit', info: '', x: 190, y: 40, wires: [] },
  { id: 'b000000000000001', type: 'inject', z: 'f1a0000000000002', name: 'Daily summary', props: [{ p: 'payload' }], repeat: '', crontab: '00 18 * * *', once: false, onceDelay: 0.1, topic: '', payload: 'Beds watered: 4', payloadType: 'str', x: 130, y: 100, wires: [['b000000000000002']] },
  { id: 'b000000000000002', type: 'template', z: 'f1a0000000000002', name: 'Format message', field: 'payload', fieldType: 'msg', format: 'handlebars', syntax: 'mustache', template: 'Greenhouse report: {{payload}}', output: 'str', x: 330, y: 100, wires: [['b000000000000003']] },
  { id: 'b000000000000003', type: 'debug', z: 'f1a0000000000002', name: 'Summary out', active: true, tosidebar: true, console: false, tostatus: false, complete: 'payload', targetType: 'msg', statusVal: '', statusType: 'auto', x: 540, y: 100, wires: [] },
];

function nrSettings(dir, port) {
  return `module.exports = {
  uiHost: '127.0.0.1',
  uiPort: ${port},
  userDir: ${JSON.stringify(dir)},
  flowFile: 'flows.json',
  flowFilePretty: true,
  credentialSecret: 'fs5-fixed-secret',
  adminAuth: { type: 'credentials', users: [{ username: 'qa', password: ${JSON.stringify(NR_HASH)}, permissions: '*' }] },
  diagnostics: { enabled: false, ui: false },
  runtimeState: { enabled: false, ui: false },
  telemetry: { enabled: false, updateNotification: false },
  externalModules: { autoInstall: false, palette: { allowInstall: false }, modules: { allowInstall: false } },
  logging: { console: { level: 'warn', metrics: false, audit: false } },
  editorTheme: { tours: false, projects: { enabled: false }, palette: { editable: false }, codeEditor: { lib: 'monaco' } },
  functionExternalModules: false,
  exportGlobalContextKeys: false,
};
`;
}

async function startNodered() {
  need(NR_BIN, 'install it with `flock /tmp/svc-npm.lock npm install --prefix /opt/fs5/node-red node-red@4.1.8`');
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs5-nr-'));
  const port = await freePort();
  writeFileSync(join(dir, 'flows.json'), JSON.stringify(NR_FLOWS, null, 4));
  writeFileSync(join(dir, 'settings.js'), nrSettings(dir, port));
  const child = start(process.execPath, [NR_BIN, '--settings', join(dir, 'settings.js'), '--userDir', dir, '--port', String(port)], { cwd: dir, env: { ...process.env, HOME: dir, NODE_RED_HOME: dir } });
  const url = `http://127.0.0.1:${port}/`;
  const stop = async () => { await stopChild(child); rmSync(dir, { recursive: true, force: true }); };
  await withCleanup(dir, [child], () => waitHttp(`${url}auth/login`, child, 30_000, (r) => r.status === 200));
  return { url, stop };
}

// ---------------------------------------------------------------- phpmyadmin

const PMA_SEED_SQL = `
CREATE DATABASE bookshop CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci;
USE bookshop;
CREATE TABLE authors (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name VARCHAR(100) NOT NULL,
  country VARCHAR(60) NOT NULL,
  born SMALLINT NULL
) ENGINE=InnoDB COMMENT='Writers we stock';
CREATE TABLE books (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  title VARCHAR(150) NOT NULL,
  author_id INT UNSIGNED NOT NULL,
  genre ENUM('Fiction','Mystery','Science','History','Children') NOT NULL DEFAULT 'Fiction',
  price DECIMAL(6,2) NOT NULL,
  stock SMALLINT NOT NULL DEFAULT 0,
  published DATE NULL,
  KEY author_id (author_id),
  CONSTRAINT books_author FOREIGN KEY (author_id) REFERENCES authors (id)
) ENGINE=InnoDB COMMENT='Titles on the shelves';
CREATE TABLE customers (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name VARCHAR(100) NOT NULL,
  email VARCHAR(120) NOT NULL,
  city VARCHAR(60) NOT NULL
) ENGINE=InnoDB;
CREATE TABLE orders (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  customer_id INT UNSIGNED NOT NULL,
  book_id INT UNSIGNED NOT NULL,
  quantity TINYINT UNSIGNED NOT NULL DEFAULT 1,
  ordered_on DATE NOT NULL,
  status ENUM('new','shipped','cancelled') NOT NULL DEFAULT 'new'
) ENGINE=InnoDB;
INSERT INTO authors (id, name, country, born) VALUES
  (1, 'Agatha Christie', 'United Kingdom', 1890),
  (2, 'Tove Jansson', 'Finland', 1914),
  (3, 'Carl Sagan', 'United States', 1934),
  (4, 'Mary Beard', 'United Kingdom', 1955),
  (5, 'Henning Mankell', 'Sweden', 1948);
INSERT INTO books (id, title, author_id, genre, price, stock, published) VALUES
  (1, 'Murder on the Orient Express', 1, 'Mystery', 9.99, 12, '1934-01-01'),
  (2, 'The Moomins and the Great Flood', 2, 'Children', 7.50, 4, '1945-01-01'),
  (3, 'Cosmos', 3, 'Science', 14.00, 7, '1980-10-01'),
  (4, 'SPQR', 4, 'History', 12.99, 0, '2015-10-20'),
  (5, 'Faceless Killers', 5, 'Mystery', 10.50, 3, '1991-01-01'),
  (6, 'The Summer Book', 2, 'Fiction', 8.99, 5, '1972-01-01'),
  (7, 'Pale Blue Dot', 3, 'Science', 13.25, 2, '1994-09-01'),
  (8, 'And Then There Were None', 1, 'Mystery', 8.75, 9, '1939-11-06');
INSERT INTO customers (id, name, email, city) VALUES
  (1, 'Ines Duarte', 'ines@example.com', 'Lisbon'),
  (2, 'Kofi Mensah', 'kofi@example.com', 'Accra'),
  (3, 'Hanna Virtanen', 'hanna@example.com', 'Tampere');
INSERT INTO orders (id, customer_id, book_id, quantity, ordered_on, status) VALUES
  (1, 1, 3, 1, '2024-05-02', 'shipped'),
  (2, 2, 1, 2, '2024-05-03', 'shipped'),
  (3, 3, 6, 1, '2024-05-06', 'new'),
  (4, 1, 8, 1, '2024-05-07', 'cancelled'),
  (5, 2, 7, 3, '2024-05-08', 'new');
CREATE USER 'qa'@'localhost' IDENTIFIED BY '${PMA_ACCOUNT.password}';
GRANT ALL PRIVILEGES ON bookshop.* TO 'qa'@'localhost';
GRANT ALL PRIVILEGES ON \`scratch%\`.* TO 'qa'@'localhost';
FLUSH PRIVILEGES;
`;

const PMA_VENDOR_CONFIG = `<?php
declare(strict_types=1);
if (! defined('PHPMYADMIN')) {
    exit;
}
return [
    'autoloadFile' => ROOT_PATH . DIRECTORY_SEPARATOR . 'autoload.php',
    'tempDir' => getenv('FS5_PMA_TMP') . '/',
    'changeLogFile' => '/usr/share/doc/phpmyadmin/changelog.gz',
    'licenseFile' => '/usr/share/doc/phpmyadmin/copyright',
    'sqlDir' => ROOT_PATH . 'sql' . DIRECTORY_SEPARATOR,
    'configFile' => ROOT_PATH . 'fs5-config.inc.php',
    'customHeaderFile' => ROOT_PATH . 'config.header.inc.php',
    'customFooterFile' => ROOT_PATH . 'config.footer.inc.php',
    'versionCheckDefault' => false,
    'localePath' => ROOT_PATH . 'locale' . DIRECTORY_SEPARATOR,
    'cacheDir' => ROOT_PATH . 'libraries' . DIRECTORY_SEPARATOR . 'cache' . DIRECTORY_SEPARATOR,
    'versionSuffix' => 'deb1+deb12u1',
];
`;

const PMA_CONFIG = `<?php
$cfg['blowfish_secret'] = 'fs5-fixed-blowfish-secret-0123456789abcdef';
$cfg['Servers'][1]['auth_type'] = 'cookie';
$cfg['Servers'][1]['host'] = 'localhost';
$cfg['Servers'][1]['socket'] = getenv('FS5_PMA_SOCKET');
$cfg['Servers'][1]['AllowNoPassword'] = false;
$cfg['Servers'][1]['hide_db'] = '^(information_schema)$';
$cfg['VersionCheck'] = false;
$cfg['SendErrorReports'] = 'never';
$cfg['ShowGitRevision'] = false;
$cfg['PmaNoRelation_DisableWarning'] = true;
$cfg['SuhosinDisableWarning'] = true;
$cfg['LoginCookieValidityDisableWarning'] = true;
$cfg['TempDir'] = getenv('FS5_PMA_TMP');
$cfg['DefaultLang'] = 'en';
$cfg['ThemeDefault'] = 'pmahomme';
$cfg['NavigationTreeEnableGrouping'] = false;
`;

let pmaTpl;
async function phpmyadminTemplate() {
  if (pmaTpl) return pmaTpl;
  need(`${PMA_CORE}/index.php`, 'install the Debian package phpmyadmin');
  need('/usr/sbin/mariadbd', 'install the Debian package mariadb-server');
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs5-pmatpl-'));
  await withCleanup(dir, [], async () => {
  // a copy of the code (PHP resolves symlinks, so ROOT_PATH must be a real copy) with our own vendor config
  cpSync(PMA_CORE, join(dir, 'code'), { recursive: true });
  writeFileSync(join(dir, 'code', 'libraries', 'vendor_config.php'), PMA_VENDOR_CONFIG);
  writeFileSync(join(dir, 'code', 'fs5-config.inc.php'), PMA_CONFIG);
  execFileSync('/usr/bin/mariadb-install-db', ['--no-defaults', `--datadir=${join(dir, 'data')}`, '--user=root', '--auth-root-authentication-method=socket', '--skip-test-db', '--innodb-log-file-size=8M'], { stdio: 'pipe', timeout: 120_000 });
  const db = await runMariadb(dir, join(dir, 'data'));
  try {
    execFileSync('/usr/bin/mariadb', ['--no-defaults', `--socket=${db.socket}`, '-uroot'], { input: PMA_SEED_SQL, stdio: ['pipe', 'pipe', 'pipe'], timeout: 30_000 });
  } catch (err) {
    throw new Error(`phpmyadmin seed failed: ${err.stderr ?? err.message}`);
  } finally {
    await stopChild(db.child);
  }
  });
  templates.add(dir);
  pmaTpl = dir;
  return dir;
}

async function runMariadb(dir, datadir) {
  const socket = join(dir, 'my.sock');
  const child = start('/usr/sbin/mariadbd', ['--no-defaults', `--datadir=${datadir}`, '--user=root', `--socket=${socket}`, '--skip-networking',
    '--innodb-log-file-size=8M', '--innodb-buffer-pool-size=32M', '--performance-schema=OFF', `--pid-file=${join(dir, 'my.pid')}`, `--log-error=${join(dir, 'my.err')}`], { cwd: dir });
  const deadline = Date.now() + 20_000;
  while (!existsSync(socket)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`mariadbd did not start: ${existsSync(join(dir, 'my.err')) ? readFileSync(join(dir, 'my.err'), 'utf8').slice(-1500) : child.output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, socket };
}

async function startPhpmyadmin() {
  const tpl = await phpmyadminTemplate();
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs5-pma-'));
  const children = [];
  return withCleanup(dir, children, async () => {
    cpSync(join(tpl, 'data'), join(dir, 'data'), { recursive: true });
    for (const d of ['tmp', 'sessions']) mkdirSync(join(dir, d));
    const db = await runMariadb(dir, join(dir, 'data'));
    children.push(db.child);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/`;
    const php = start('php', ['-d', `session.save_path=${join(dir, 'sessions')}`, '-d', `upload_tmp_dir=${join(dir, 'tmp')}`, '-d', 'display_errors=0', '-S', `127.0.0.1:${port}`, '-t', join(tpl, 'code')],
      { cwd: dir, env: { ...process.env, FS5_PMA_SOCKET: db.socket, FS5_PMA_TMP: join(dir, 'tmp'), TMPDIR: join(dir, 'tmp'), PHP_CLI_SERVER_WORKERS: '4' } });
    children.push(php);
    await waitHttp(`${url}index.php`, php, 20_000, (r) => r.status === 200);
    return { url, stop: async () => { for (const c of children.reverse()) await stopChild(c); rmSync(dir, { recursive: true, force: true }); } };
  });
}

// ----------------------------------------------------------------

export async function startApp(key) {
  if (key === 'tiddlywiki') return startTiddlywiki();
  if (key === 'nodered') return startNodered();
  if (key === 'phpmyadmin') return startPhpmyadmin();
  throw new Error(`unknown first-sight set-5 app "${key}"`);
}

export async function stopApps() {
  await servers.stopAll();
  for (const d of templates) rmSync(d, { recursive: true, force: true });
  templates.clear();
  twTpl = undefined;
  pmaTpl = undefined;
}
