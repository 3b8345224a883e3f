// First-sight set 3: three real third-party web apps, each started fresh on a free loopback port with
// its own temp dirs and fixed seed data.
//
//   adminer       Debian `adminer` (4.8.1) on `php -S` with its SQLite 3 driver; a small login
//                 customisation (user qa) since Adminer refuses password-less SQLite; seed: the
//                 database file `shop.db` (customers, products, orders, a view low_stock)
//   transmission  Debian `transmission-daemon` (3.00) and its web client; no DHT, LPD, PEX, uTP or
//                 port forwarding, peers on loopback only; seed: four torrents made here (two
//                 complete and seeding, one downloading with no peers, one paused)
//   verdaccio     npm `verdaccio` (6.8.0, a private npm registry) installed outside the repository
//                 (see README.md); no uplinks; seed: five packages published with npm by user qa
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from '../../service.mjs';
import { processes, waitHttp } from '../kit.mjs';

export const ADMINER_ACCOUNT = { username: 'qa', password: 'Adminer-Pass-2024' };
export const VERDACCIO_ACCOUNT = { username: 'qa', password: 'Registry-Pass-2024' };
/** Where `npm install --no-save verdaccio` was run (see README.md); override with CORPUS_VERDACCIO_DIR. */
export const VERDACCIO_DIR = process.env.CORPUS_VERDACCIO_DIR ?? '/tmp/set3-npm';

const servers = processes();
const start = (cmd, args, opts) => servers.start(cmd, args, opts);
const stopChild = (child) => servers.stop(child);

// ---------------------------------------------------------------- adminer

const ADMINER_INDEX = `<?php
// Adminer as shipped by Debian, with its version check off and a login for SQLite: Adminer itself
// refuses SQLite without a password, so this customisation accepts exactly one user.
function adminer_object() {
    include_once "/usr/share/adminer/plugins/plugin.php";
    include_once "/usr/share/adminer/plugins/version-noverify.php";
    class CorpusAdminer extends AdminerPlugin {
        function login($login, $password) {
            return $login === ${JSON.stringify(ADMINER_ACCOUNT.username)} && $password === ${JSON.stringify(ADMINER_ACCOUNT.password)};
        }
        function credentials() {
            return array(SERVER, $_GET["username"], "");
        }
    }
    return new CorpusAdminer(array(new AdminerVersionNoverify()));
}
include "/usr/share/adminer/adminer.php";
`;

const ADMINER_SEED = `<?php
$db = new SQLite3($argv[1]);
$db->exec(<<<'SQL'
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE, city TEXT);
CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL NOT NULL, stock INTEGER NOT NULL DEFAULT 0);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id), product_id INTEGER NOT NULL REFERENCES products(id), quantity INTEGER NOT NULL DEFAULT 1, ordered_on TEXT NOT NULL);
INSERT INTO customers VALUES (1,'Alice Martin','alice@example.com','Lyon'),(2,'Bruno Keller','bruno@example.com','Zurich'),(3,'Chen Wei','chen@example.com','Lyon'),(4,'Dana Novak','dana@example.com','Prague');
INSERT INTO products VALUES (1,'Desk lamp',24.5,12),(2,'Notebook',3.2,140),(3,'Office chair',149,3),(4,'Stapler',7.9,0),(5,'Whiteboard',89,5);
INSERT INTO orders VALUES (1,1,2,10,'2024-03-01'),(2,2,3,1,'2024-03-04'),(3,1,1,2,'2024-03-09'),(4,4,5,1,'2024-03-12'),(5,3,2,25,'2024-03-15');
CREATE VIEW low_stock AS SELECT name, stock FROM products WHERE stock < 5;
SQL);
`;

async function startAdminer() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs3-adm-'));
  for (const d of ['www', 'tmp', 'sessions']) mkdirSync(join(dir, d));
  const www = join(dir, 'www');
  writeFileSync(join(www, 'index.php'), ADMINER_INDEX);
  writeFileSync(join(dir, 'seed.php'), ADMINER_SEED);
  execFileSync('php', [join(dir, 'seed.php'), join(www, 'shop.db')], { stdio: 'ignore', timeout: 20_000 });
  const port = await freePort();
  // Adminer keeps its login-failure counter and keys in the temp dir: keep them per instance.
  const child = start('php', ['-d', `session.save_path=${join(dir, 'sessions')}`, '-d', `upload_tmp_dir=${join(dir, 'tmp')}`, '-S', `127.0.0.1:${port}`, '-t', www],
    { cwd: www, env: { ...process.env, TMPDIR: join(dir, 'tmp'), PHP_CLI_SERVER_WORKERS: '3' } });
  const url = `http://127.0.0.1:${port}/`;
  const stop = async () => { await stopChild(child); rmSync(dir, { recursive: true, force: true }); };
  await waitHttp(url, child, 30_000, (r) => r.status === 200).catch(async (err) => { await stop(); throw err; });
  return { url, stop };
}

// ---------------------------------------------------------------- transmission

function bencode(v) {
  if (Buffer.isBuffer(v)) return Buffer.concat([Buffer.from(`${v.length}:`), v]);
  if (typeof v === 'string') return bencode(Buffer.from(v));
  if (typeof v === 'number') return Buffer.from(`i${v}e`);
  if (Array.isArray(v)) return Buffer.concat([Buffer.from('l'), ...v.map(bencode), Buffer.from('e')]);
  return Buffer.concat([Buffer.from('d'), ...Object.keys(v).sort().flatMap((k) => [bencode(k), bencode(v[k])]), Buffer.from('e')]);
}

/** A .torrent for `files` ([[relative path, Buffer]]), single-file when `single`. */
function makeTorrent(name, files, { single = false, announce, comment } = {}) {
  const pieceLength = 16384;
  const all = Buffer.concat(files.map(([, b]) => b));
  const pieces = [];
  for (let i = 0; i < all.length; i += pieceLength) pieces.push(createHash('sha1').update(all.subarray(i, i + pieceLength)).digest());
  const info = { name, 'piece length': pieceLength, pieces: Buffer.concat(pieces) };
  if (single) info.length = all.length;
  else info.files = files.map(([p, b]) => ({ length: b.length, path: p.split('/') }));
  const t = { info, 'creation date': 1700000000, 'created by': 'corpus' };
  if (announce) t.announce = announce;
  if (comment) t.comment = comment;
  return bencode(t);
}

const bytes = (n, seed) => { const b = Buffer.alloc(n); for (let i = 0; i < n; i++) b[i] = (i * 31 + seed * 7 + (i >> 9)) & 255; return b; };
// A tracker on a loopback port nobody listens on: announces fail at once, nothing leaves the machine.
export const TRACKER = 'http://127.0.0.1:9/announce';
const TORRENTS = [
  { name: 'holiday-photos-2023', files: [['beach.jpg', 300_000], ['harbour.jpg', 200_000], ['sunset.jpg', 150_000]], have: true, comment: 'Summer holiday pictures' },
  { name: 'project-backup.tar', single: true, files: [['project-backup.tar', 500_000]], have: true },
  { name: 'debian-12-netinst.iso', single: true, files: [['debian-12-netinst.iso', 2_000_000]], have: false },
  { name: 'podcast-episodes', files: [['episode-01.mp3', 400_000], ['episode-02.mp3', 420_000], ['notes/show-notes.txt', 2_000]], have: false, paused: true },
];

async function startTransmission() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs3-tr-'));
  const cfg = join(dir, 'config');
  const dl = join(dir, 'downloads');
  mkdirSync(cfg);
  mkdirSync(dl);
  const port = await freePort();
  const peerPort = await freePort();
  writeFileSync(join(cfg, 'settings.json'), JSON.stringify({
    'rpc-enabled': true, 'rpc-bind-address': '127.0.0.1', 'rpc-port': port, 'rpc-authentication-required': false,
    'rpc-whitelist-enabled': true, 'rpc-whitelist': '127.0.0.1', 'rpc-host-whitelist-enabled': false,
    'bind-address-ipv4': '127.0.0.1', 'bind-address-ipv6': '::1', 'peer-port': peerPort, 'peer-port-random-on-start': false,
    'port-forwarding-enabled': false, 'dht-enabled': false, 'lpd-enabled': false, 'pex-enabled': false, 'utp-enabled': false,
    'blocklist-enabled': false, 'download-dir': dl, 'incomplete-dir-enabled': false, 'watch-dir-enabled': false,
    'start-added-torrents': true, 'message-level': 1, 'script-torrent-done-enabled': false, 'cache-size-mb': 4,
  }, null, 2));
  const child = start('transmission-daemon', ['--foreground', '--config-dir', cfg], { cwd: dir, env: { ...process.env, HOME: dir, TRANSMISSION_WEB_HOME: '/usr/share/transmission/web' } });
  const url = `http://127.0.0.1:${port}/transmission/web/`;
  const stop = async () => { await stopChild(child); rmSync(dir, { recursive: true, force: true }); };
  try {
    const rpcUrl = `http://127.0.0.1:${port}/transmission/rpc`;
    await waitHttp(rpcUrl, child, 30_000, (r) => r.status === 409);
    let sid = '';
    const rpc = async (method, args) => {
      for (let i = 0; i < 5; i++) {
        const r = await fetch(rpcUrl, { method: 'POST', headers: { 'X-Transmission-Session-Id': sid }, body: JSON.stringify({ method, arguments: args }), signal: AbortSignal.timeout(10_000) });
        if (r.status === 409) { sid = r.headers.get('x-transmission-session-id'); continue; }
        const body = await r.json();
        if (body.result !== 'success') throw new Error(`transmission ${method}: ${body.result}`);
        return body.arguments;
      }
      throw new Error(`transmission ${method}: no session id`);
    };
    let seed = 1;
    for (const t of TORRENTS) {
      const files = t.files.map(([p, n]) => [p, bytes(n, seed++)]);
      if (t.have) {
        for (const [p, b] of files) {
          const f = t.single ? join(dl, p) : join(dl, t.name, p);
          mkdirSync(dirname(f), { recursive: true });
          writeFileSync(f, b);
        }
      }
      const meta = makeTorrent(t.name, files, { single: t.single, announce: TRACKER, comment: t.comment });
      await rpc('torrent-add', { metainfo: meta.toString('base64'), paused: Boolean(t.paused), 'download-dir': dl });
    }
    // wait until the local data is verified: 6 = seeding, 4 = downloading, 0 = stopped
    const want = { 'holiday-photos-2023': 6, 'project-backup.tar': 6, 'debian-12-netinst.iso': 4, 'podcast-episodes': 0 };
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { torrents } = await rpc('torrent-get', { fields: ['name', 'status'] });
      if (torrents.length === 4 && torrents.every((t) => want[t.name] === t.status)) break;
      if (Date.now() > deadline) throw new Error(`transmission seed not ready: ${JSON.stringify(torrents)}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}

// ---------------------------------------------------------------- verdaccio

let vdTemplate;

const VD_PACKAGES = [
  { name: 'tiny-date-format', version: '1.0.0', description: 'Format dates with tiny patterns', license: 'MIT', keywords: ['date', 'format'], author: 'Dana Novak', readme: '# tiny-date-format\n\nFormat dates with tiny patterns.\n' },
  { name: 'tiny-date-format', version: '1.1.0', description: 'Format dates with tiny patterns', license: 'MIT', keywords: ['date', 'format'], author: 'Dana Novak', readme: '# tiny-date-format\n\nFormat dates with tiny patterns.\n' },
  { name: 'color-shades', version: '2.0.0', description: 'Lighten and darken hex colours', license: 'ISC', keywords: ['color', 'css'], author: 'Bruno Keller', readme: '# color-shades\n\nLighten and darken hex colours.\n\n## Usage\n\n```js\nconst { lighten } = require("color-shades");\nlighten("#336699", 0.2);\n```\n' },
  { name: 'tiny-date-format', version: '1.2.0', description: 'Format dates with tiny patterns', license: 'MIT', keywords: ['date', 'format', 'time'], author: 'Dana Novak', readme: '# tiny-date-format\n\nFormat dates with tiny patterns.\n\n## Usage\n\n```js\nconst format = require("tiny-date-format");\nformat(new Date(2024, 0, 31), "YYYY-MM-DD"); // 2024-01-31\n```\n\n## Patterns\n\n| token | meaning |\n|---|---|\n| YYYY | year |\n| MM | month |\n| DD | day |\n' },
  { name: 'tiny-date-format', version: '2.0.0-beta.1', tag: 'next', description: 'Format dates with tiny patterns', license: 'MIT', keywords: ['date', 'format', 'time'], author: 'Dana Novak', readme: '# tiny-date-format\n\nBeta.\n' },
  { name: 'http-retry-helper', version: '3.0.0', description: 'Retry failed HTTP requests with backoff', license: 'MIT', keywords: ['http', 'retry'], author: 'Alice Martin', readme: '# http-retry-helper\n\nRetries failed requests.\n' },
  { name: 'http-retry-helper', version: '3.1.4', description: 'Retry failed HTTP requests with backoff', license: 'MIT', keywords: ['http', 'retry', 'backoff'], author: 'Alice Martin', readme: '# http-retry-helper\n\nRetries failed requests: up to 3 attempts, doubling the wait each time.\n' },
  { name: '@corpus/ui-kit', version: '0.3.0', description: 'Shared buttons, dialogs and date pickers', license: 'Apache-2.0', keywords: ['ui', 'components'], author: 'Chen Wei', dependencies: { 'tiny-date-format': '^1.2.0', 'color-shades': '^2.0.0' }, peerDependencies: { react: '>=18' }, readme: '# @corpus/ui-kit\n\nShared UI components for corpus apps.\n' },
  { name: '@corpus/eslint-config', version: '1.0.0', description: 'Lint rules for corpus projects', license: 'MIT', keywords: ['eslint', 'config'], author: 'Chen Wei', readme: '# @corpus/eslint-config\n\nShared lint rules.\n' },
];

function verdaccioConfig(port, maxUsers) {
  return `storage: ./storage
auth:
  htpasswd:
    file: ./htpasswd
    max_users: ${maxUsers}
uplinks: {}
packages:
  '@*/*':
    access: $all
    publish: $authenticated
    unpublish: $authenticated
  '**':
    access: $all
    publish: $authenticated
    unpublish: $authenticated
web:
  title: Corpus Registry
server:
  keepAliveTimeout: 5
listen: 127.0.0.1:${port}
log: { type: stdout, format: pretty, level: warn }
publish:
  allow_offline: true
`;
}

function verdaccioBin() {
  const bin = join(VERDACCIO_DIR, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
  if (!existsSync(bin)) throw new Error(`verdaccio is not installed in ${VERDACCIO_DIR} (see test/corpus/first-sight/set-3/README.md)`);
  return bin;
}

async function runVerdaccio(dir, maxUsers = -1) {
  const port = await freePort();
  writeFileSync(join(dir, 'config.yaml'), verdaccioConfig(port, maxUsers));
  const child = start(process.execPath, [verdaccioBin(), '--config', join(dir, 'config.yaml')], { cwd: dir, env: { ...process.env, HOME: dir, NODE_ENV: 'production' } });
  const url = `http://127.0.0.1:${port}/`;
  try {
    await waitHttp(`${url}-/ping`, child, 30_000, (r) => r.status === 200);
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return { child, url };
}

/** Once per process: a registry with user qa and the seed packages published by npm; instances copy it. */
async function verdaccioTemplate() {
  if (vdTemplate) return vdTemplate;
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs3-vdtpl-'));
  let run;
  try {
    run = await runVerdaccio(dir, 10);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const { child, url } = run;
  try {
    const r = await fetch(`${url}-/user/org.couchdb.user:${VERDACCIO_ACCOUNT.username}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: VERDACCIO_ACCOUNT.username, password: VERDACCIO_ACCOUNT.password }) });
    if (r.status !== 201) throw new Error(`verdaccio: creating user qa answered ${r.status}`);
    const auth = Buffer.from(`${VERDACCIO_ACCOUNT.username}:${VERDACCIO_ACCOUNT.password}`).toString('base64');
    const work = join(dir, 'publish');
    for (const p of VD_PACKAGES) {
      const d = join(work, `${p.name.replace('/', '+')}-${p.version}`);
      mkdirSync(d, { recursive: true });
      const { readme, tag, ...pkg } = p;
      writeFileSync(join(d, 'package.json'), JSON.stringify({ ...pkg, main: 'index.js' }, null, 2));
      writeFileSync(join(d, 'README.md'), readme);
      writeFileSync(join(d, 'index.js'), 'module.exports = {};\n');
      writeFileSync(join(d, '.npmrc'), `registry=${url}\n${url.replace(/^http:/, '')}:_auth=${auth}\n`);
      execFileSync('npm', ['publish', '--registry', url, '--tag', tag ?? 'latest', '--access', 'public'], {
        cwd: d, stdio: 'pipe', timeout: 60_000,
        env: { ...process.env, HOME: dir, npm_config_userconfig: join(d, '.npmrc'), npm_config_cache: join(dir, 'npm-cache'), npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_provenance: 'false' },
      });
    }
  } catch (err) {
    await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  await stopChild(child);
  rmSync(join(dir, 'publish'), { recursive: true, force: true });
  rmSync(join(dir, 'npm-cache'), { recursive: true, force: true });
  vdTemplate = dir;
  return dir;
}

async function startVerdaccio() {
  const tpl = await verdaccioTemplate();
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs3-vd-'));
  cpSync(join(tpl, 'storage'), join(dir, 'storage'), { recursive: true });
  cpSync(join(tpl, 'htpasswd'), join(dir, 'htpasswd'));
  let run;
  try {
    run = await runVerdaccio(dir);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return { url: run.url, stop: async () => { await stopChild(run.child); rmSync(dir, { recursive: true, force: true }); } };
}

// ----------------------------------------------------------------

export async function startApp(key) {
  if (key === 'adminer') return startAdminer();
  if (key === 'transmission') return startTransmission();
  if (key === 'verdaccio') return startVerdaccio();
  throw new Error(`unknown first-sight set-3 app "${key}"`);
}

export async function stopApps() {
  await servers.stopAll();
  if (vdTemplate) rmSync(vdTemplate, { recursive: true, force: true });
  vdTemplate = undefined;
}
