// First-sight set 2: three real third-party web apps from Debian packages, each started fresh on a
// free loopback port with its own temp dirs and fixed seed data.
//
//   syncthing  Debian `syncthing` (1.19): its web GUI; no discovery, relays, NAT, upgrades or usage
//              reporting; seed: folders "Photos" and "Documents" (a few files each), a remote device
//              "office-desktop" (never connects), this device named "corpus-laptop"
//   mediawiki  Debian `mediawiki` (1.39) on php + sqlite, installed by maintenance/install.php into a
//              temp dir and served by `php -S`; seed: a few articles and a category; admin Admin
//   jupyter    Debian `jupyter-notebook` (6.4) with `python3-ipykernel`; a password login; seed: a
//              notebook dir with a notebook, a text file, a CSV in a subfolder
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../service.mjs';
import { processes, waitHttp } from '../kit.mjs';

export const MEDIAWIKI_ADMIN = { username: 'Admin', password: 'Corpus-Pass-2024' };
export const JUPYTER_PASSWORD = 'Corpus-Notebook-7';
// sha1 hash of JUPYTER_PASSWORD in notebook's own format (notebook.auth.passwd(..., 'sha1'))
const JUPYTER_HASH = 'sha1:00b7963efce2:bb16631c50c9d4694389cfb63fe51b1c04538987';
// A valid but unreachable device id (generated once by `syncthing generate`)
export const REMOTE_DEVICE_ID = 'M7XHF7N-5EW2DZ2-HZHV7TX-N3PW4AV-I2CNONL-TPSMJUH-DBWSYVY-TFJBRAD';

const servers = processes();
const start = (cmd, args, opts) => servers.start(cmd, args, opts);
const stopChild = (child) => servers.stop(child);

/** SIGKILL leftover processes whose command line names our own temp dir (e.g. a kernel the server did not reap). */
function killLeftovers(dir) {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let cmd = '';
    try { cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8'); } catch { continue; }
    if (cmd.includes(dir) && Number(pid) !== process.pid) { try { process.kill(Number(pid), 'SIGKILL'); } catch { /* gone */ } }
  }
}

// ---------------------------------------------------------------- syncthing

function syncthingConfig(home, guiPort, listenPort) {
  const file = join(home, 'config.xml');
  let xml = readFileSync(file, 'utf8');
  const own = /<device id="([A-Z0-9-]+)"/.exec(xml)[1];
  const set = (tag, value) => { xml = xml.replace(new RegExp(`<${tag}>[^<]*</${tag}>`), `<${tag}>${value}</${tag}>`); };
  set('globalAnnounceEnabled', 'false');
  set('localAnnounceEnabled', 'false');
  set('relaysEnabled', 'false');
  set('natEnabled', 'false');
  set('urAccepted', '-1');
  set('autoUpgradeIntervalH', '0');
  set('crashReportingEnabled', 'false');
  set('startBrowser', 'false');
  set('listenAddress', `tcp://127.0.0.1:${listenPort}`);
  set('unackedNotificationID', '');
  xml = xml.replace(/<unackedNotificationID><\/unackedNotificationID>/, '');
  xml = xml.replace(/<address>127\.0\.0\.1:\d+<\/address>/, `<address>127.0.0.1:${guiPort}</address>`);
  xml = xml.replace(/(<device id="[A-Z0-9-]+") name="[^"]*"/, '$1 name="corpus-laptop"');
  const folder = (id, label, path, rescan) => `
    <folder id="${id}" label="${label}" path="${path}" type="sendreceive" rescanIntervalS="${rescan}" fsWatcherEnabled="false" fsWatcherDelayS="10" ignorePerms="false" autoNormalize="true">
        <filesystemType>basic</filesystemType>
        <device id="${own}" introducedBy=""><encryptionPassword></encryptionPassword></device>
        ${id === 'photos' ? `<device id="${REMOTE_DEVICE_ID}" introducedBy=""><encryptionPassword></encryptionPassword></device>` : ''}
        <minDiskFree unit="%">1</minDiskFree>
        <versioning></versioning>
        <markerName>.stfolder</markerName>
    </folder>`;
  const remote = `
    <device id="${REMOTE_DEVICE_ID}" name="office-desktop" compression="metadata" introducer="false" skipIntroductionRemovals="false" introducedBy="">
        <address>dynamic</address>
        <paused>false</paused>
        <autoAcceptFolders>false</autoAcceptFolders>
    </device>`;
  xml = xml.replace('<gui ', `${folder('photos', 'Photos', join(home, 'Photos'), 3600)}${folder('docs', 'Documents', join(home, 'Documents'), 3600)}${remote}\n    <gui `);
  writeFileSync(file, xml);
}

async function startSyncthing() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs2-st-'));
  const home = join(dir, 'home');
  mkdirSync(home);
  for (const [folder, files] of [['Photos', { 'beach.jpg': 'x'.repeat(2048), 'mountains.jpg': 'y'.repeat(4096), 'city.png': 'z'.repeat(1024) }], ['Documents', { 'budget.xlsx': 'b'.repeat(512), 'letter.txt': 'Dear team,\n' }]]) {
    mkdirSync(join(home, folder, '.stfolder'), { recursive: true });
    for (const [name, body] of Object.entries(files)) writeFileSync(join(home, folder, name), body);
  }
  execFileSync('syncthing', ['generate', `--home=${home}`, '--no-default-folder'], { stdio: 'ignore', timeout: 20_000 });
  const guiPort = await freePort();
  const listenPort = await freePort();
  syncthingConfig(home, guiPort, listenPort);
  const child = start('syncthing', ['serve', `--home=${home}`, '--no-browser', '--no-restart', '--no-upgrade'], { cwd: dir, env: { ...process.env, HOME: dir, STNOUPGRADE: '1', STNORESTART: '1' } });
  const url = `http://127.0.0.1:${guiPort}/`;
  await waitHttp(url, child, 30_000, (r) => r.status === 200);
  return { url, stop: async () => { await stopChild(child); rmSync(dir, { recursive: true, force: true }); } };
}

// ---------------------------------------------------------------- mediawiki

const MW = '/usr/share/mediawiki';
let mwTemplate;

const MW_PAGES = {
  'Coffee': "'''Coffee''' is a drink brewed from roasted coffee beans.\n\n== Brewing methods ==\n* [[Espresso]]\n* [[French press]]\n* Pour-over\n\n== Storage ==\nKeep beans in an airtight container away from light.\n\n[[Category:Beverages]]",
  'Espresso': "'''Espresso''' is a concentrated coffee brewed by forcing hot water through finely-ground beans.\n\nSee also [[Coffee]].\n\n[[Category:Beverages]]",
  'Green tea': "'''Green tea''' is made from unoxidised leaves.\n\nBrew at 80 °C for two minutes.\n\n[[Category:Beverages]]",
  'Office kitchen': "The office kitchen is on the second floor.\n\n== Rules ==\n# Clean up after yourself.\n# Label your food.\n# The coffee machine is descaled every Friday.\n\nSee [[Coffee]] for brewing tips.",
  'Category:Beverages': 'Drinks served in the office kitchen.',
};

function mwTemplateDir() {
  if (mwTemplate) return mwTemplate;
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs2-mwtpl-'));
  mkdirSync(join(dir, 'data'));
  execFileSync('php', [join(MW, 'maintenance/install.php'), '--dbtype=sqlite', `--dbpath=${join(dir, 'data')}`, '--dbname=wiki', '--server=http://127.0.0.1', '--scriptpath=', `--confpath=${dir}`, `--pass=${MEDIAWIKI_ADMIN.password}`, '--lang=en', 'Corpus Wiki', MEDIAWIKI_ADMIN.username], { stdio: 'ignore', timeout: 120_000 });
  let ls = readFileSync(join(dir, 'LocalSettings.php'), 'utf8');
  ls = ls.replace(/^\$wgServer = .*$/m, '$wgServer = "http://" . ($_SERVER["HTTP_HOST"] ?? "127.0.0.1");');
  ls = ls.replace(/^\$wgSQLiteDataDir = .*$/m, '$wgSQLiteDataDir = getenv("CORPUS_MW_DATA");');
  ls += '\n$wgEnableEmail = false;\n$wgEnableUserEmail = false;\n$wgEmailAuthentication = false;\n$wgCacheDirectory = getenv("CORPUS_MW_DATA") . "/cache";\n$wgUploadDirectory = getenv("CORPUS_MW_DATA") . "/images";\n';
  writeFileSync(join(dir, 'LocalSettings.php'), ls);
  const env = { ...process.env, MW_CONFIG_FILE: join(dir, 'LocalSettings.php'), CORPUS_MW_DATA: join(dir, 'data') };
  for (const [title, text] of Object.entries(MW_PAGES)) {
    execFileSync('php', [join(MW, 'maintenance/edit.php'), '--user', MEDIAWIKI_ADMIN.username, '--summary', 'Seed page', title], { input: text, env, stdio: ['pipe', 'ignore', 'ignore'], timeout: 60_000 });
  }
  execFileSync('php', [join(MW, 'maintenance/createAndPromote.php'), 'Editor', 'Editor-Pass-2024'], { env, stdio: 'ignore', timeout: 60_000 });
  execFileSync('php', [join(MW, 'maintenance/runJobs.php')], { env, stdio: 'ignore', timeout: 60_000 });
  mwTemplate = dir;
  return dir;
}

async function startMediaWiki() {
  const tpl = mwTemplateDir();
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs2-mw-'));
  cpSync(join(tpl, 'data'), join(dir, 'data'), { recursive: true });
  const port = await freePort();
  const child = start('php', ['-S', `127.0.0.1:${port}`, '-t', MW], { cwd: dir, env: { ...process.env, MW_CONFIG_FILE: join(tpl, 'LocalSettings.php'), CORPUS_MW_DATA: join(dir, 'data'), PHP_CLI_SERVER_WORKERS: '4' } });
  const url = `http://127.0.0.1:${port}/`;
  await waitHttp(`${url}index.php/Main_Page`, child, 30_000, (r) => r.status === 200);
  return { url, stop: async () => { await stopChild(child); rmSync(dir, { recursive: true, force: true }); } };
}

// ---------------------------------------------------------------- jupyter

function notebook(cells) {
  return JSON.stringify({
    cells: cells.map(([type, src]) => (type === 'code'
      ? { cell_type: 'code', execution_count: null, metadata: {}, outputs: [], source: src }
      : { cell_type: 'markdown', metadata: {}, source: src })),
    metadata: { kernelspec: { display_name: 'Python 3', language: 'python', name: 'python3' }, language_info: { name: 'python' } },
    nbformat: 4,
    nbformat_minor: 4,
  }, null, 1);
}

async function startJupyter() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs2-nb-'));
  const nb = join(dir, 'notebooks');
  const home = join(dir, 'home');
  mkdirSync(join(nb, 'data'), { recursive: true });
  mkdirSync(home);
  writeFileSync(join(nb, 'Sales report.ipynb'), notebook([
    ['markdown', '# Quarterly sales\nFigures for the first quarter.'],
    ['code', 'sales = {"January": 120, "February": 95, "March": 143}\ntotal = sum(sales.values())'],
    ['code', 'print("Total:", total)'],
  ]));
  writeFileSync(join(nb, 'todo.txt'), 'Check the March numbers\nSend report to Dana\n');
  writeFileSync(join(nb, 'data', 'sales.csv'), 'month,amount\nJanuary,120\nFebruary,95\nMarch,143\n');
  const port = await freePort();
  const env = { ...process.env, HOME: home, JUPYTER_CONFIG_DIR: join(home, 'cfg'), JUPYTER_DATA_DIR: join(home, 'data'), JUPYTER_RUNTIME_DIR: join(home, 'rt'), IPYTHONDIR: join(home, 'ipython'), PYTHONDONTWRITEBYTECODE: '1' };
  const child = start('/usr/bin/python3', ['-m', 'notebook', '--allow-root', '--no-browser', '--ip=127.0.0.1', `--port=${port}`, '--port-retries=0',
    "--NotebookApp.token=", `--NotebookApp.password=${JUPYTER_HASH}`, `--notebook-dir=${nb}`, '--NotebookApp.open_browser=False',
    '--MappingKernelManager.cull_idle_timeout=0', '--NotebookApp.shutdown_no_activity_timeout=0'], { cwd: dir, env });
  const url = `http://127.0.0.1:${port}/`;
  await waitHttp(`${url}login`, child, 30_000, (r) => r.status === 200);
  return { url, stop: async () => { await stopChild(child); killLeftovers(dir); rmSync(dir, { recursive: true, force: true }); } };
}

// ----------------------------------------------------------------

export async function startApp(key) {
  if (key === 'syncthing') return startSyncthing();
  if (key === 'mediawiki') return startMediaWiki();
  if (key === 'jupyter') return startJupyter();
  throw new Error(`unknown first-sight set-2 app "${key}"`);
}

export async function stopApps() {
  await servers.stopAll();
  if (mwTemplate) rmSync(mwTemplate, { recursive: true, force: true });
  mwTemplate = undefined;
}
