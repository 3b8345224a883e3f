// First-sight set 8: real third-party web apps, each started fresh on a free loopback port with its own
// temp dir and fixed seed data (see README.md).
//
//   bullboard   npm `@bull-board/express` + `@bull-board/api` 9.10.1 with `bullmq` 5.66.0 (under
//               /opt/fs8/bullboard): the bull-board job-queue dashboard over three BullMQ queues of a print
//               shop, in its own `redis-server` (Debian, 7.0.15)
//   jsoneditor  npm `jsoneditor` 10.4.3 (under /opt/fs8/jsoneditor): josdejong's JSON editor on a small page,
//               opening a community orchard's settings in tree mode
//   tabulator   npm `tabulator-tables` 6.5.3 (under /opt/fs8/tabulator): the Tabulator data grid on a small
//               page showing an allotment society's plot register
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../service.mjs';
import { instances, waitHttp } from '../kit.mjs';
import { JSONEDITOR_SITE } from './jsoneditor-site.mjs';
import { TABULATOR_SITE } from './tabulator-site.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const BULLBOARD_SERVER = join(HERE, 'bullboard-server.mjs');
const BULLBOARD_DIR = '/opt/fs8/bullboard/node_modules';
const REDIS_SERVER = '/usr/bin/redis-server';
const REDIS_CLI = '/usr/bin/redis-cli';
const JSONEDITOR_DIR = '/opt/fs8/jsoneditor/node_modules/jsoneditor/dist';
const TABULATOR_DIR = '/opt/fs8/tabulator/node_modules/tabulator-tables/dist';

const kit = instances('set-8');
const { start, need } = kit;

// ---------------------------------------------------------------- bull-board

async function startBullBoard() {
  const how = 'install it with `DEBIAN_FRONTEND=noninteractive flock /tmp/svc-apt.lock apt-get install -y -o DPkg::Lock::Timeout=600 --no-install-recommends redis-server` and `flock /tmp/svc-npm.lock npm install --prefix /opt/fs8/bullboard @bull-board/express@9.10.1 @bull-board/api@9.10.1 bullmq@5.66.0 express@5.2.1`';
  need(REDIS_SERVER, how);
  need(REDIS_CLI, how);
  for (const m of ['@bull-board/express', '@bull-board/api', '@bull-board/ui', 'bullmq', 'express']) need(join(BULLBOARD_DIR, m, 'package.json'), how);
  const dir = kit.dir('svc-fs8-bullboard-');
  const children = [];
  return kit.withCleanup(dir, children, async () => {
    const redisPort = await kit.redis(dir, children, REDIS_SERVER, REDIS_CLI);
    const port = await freePort();
    // The server seeds the queues (running the render jobs once) before it starts listening.
    const board = start(process.execPath, [BULLBOARD_SERVER, String(port), String(redisPort)], { cwd: dir, env: { ...process.env, HOME: dir, NODE_ENV: 'production' } });
    children.push(board);
    const url = `http://127.0.0.1:${port}/`;
    await waitHttp(`${url}api/queues`, board, 30_000, (r) => r.status === 200);
    return { url, stop: kit.stopper(dir, children) };
  });
}

// ---------------------------------------------------------------- static bundles (jsoneditor, tabulator)

async function startJsonEditor() {
  need(join(JSONEDITOR_DIR, 'jsoneditor.min.js'), 'install it with `flock /tmp/svc-npm.lock npm install --prefix /opt/fs8/jsoneditor jsoneditor@10.4.3`');
  return kit.serveStatic('svc-fs8-jsoneditor-', JSONEDITOR_SITE, [`/jsoneditor/=${JSONEDITOR_DIR}`]);
}

async function startTabulator() {
  need(join(TABULATOR_DIR, 'js', 'tabulator.min.js'), 'install it with `flock /tmp/svc-npm.lock npm install --prefix /opt/fs8/tabulator tabulator-tables@6.5.3`');
  return kit.serveStatic('svc-fs8-tabulator-', TABULATOR_SITE, [`/tabulator/=${TABULATOR_DIR}`]);
}

// ----------------------------------------------------------------

export async function startApp(key) {
  if (key === 'bullboard') return startBullBoard();
  if (key === 'jsoneditor') return startJsonEditor();
  if (key === 'tabulator') return startTabulator();
  throw new Error(`unknown first-sight set-8 app "${key}"`);
}

export async function stopApps() {
  await kit.stopAll();
}
