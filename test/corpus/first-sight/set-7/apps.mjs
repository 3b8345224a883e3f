// First-sight set 7: real third-party web apps, each started fresh on a free loopback port with its own
// temp dir and fixed seed data (see README.md).
//
//   rediscommander  npm `redis-commander` (0.9.0, under /opt/fs7/redis-commander): the Redis Commander web
//                   UI, with sign-in, over its own `redis-server` (Debian, 7.0.15) seeded with a bakery's cache
//   docsify         npm `docsify` (4.13.1, under /opt/fs7/docsify): a documentation site rendered in the
//                   browser from Markdown ("Cape Wren Lighthouse Handbook"), with the search plugin
//   bpmn            npm `bpmn-js` (see README.md, under /opt/fs7/bpmn): the BPMN 2.0 modeler distro bundle
//                   on a small page, opening a seeded order-handling diagram
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { freePort } from '../../service.mjs';
import { instances, waitHttp } from '../kit.mjs';
import { DOCSIFY_SITE } from './docsify-site.mjs';
import { BPMN_SITE } from './bpmn-site.mjs';

export const REDIS_ACCOUNT = { username: 'baker', password: 'Sourdough-77' };

const RC_BIN = '/opt/fs7/redis-commander/node_modules/redis-commander/bin/redis-commander.js';
const REDIS_SERVER = '/usr/bin/redis-server';
const REDIS_CLI = '/usr/bin/redis-cli';
const DOCSIFY_DIR = '/opt/fs7/docsify/node_modules/docsify';
const BPMN_DIR = '/opt/fs7/bpmn/node_modules/bpmn-js/dist';

const kit = instances('set-7');
const { start, need } = kit;

// ---------------------------------------------------------------- redis commander

// redis-cli input, one command a line (double quotes keep spaces)
const REDIS_SEED = `SET shop:name "Crumb & Co. Bakery"
SET shop:opening-hours "07:00-18:00"
SET shop:motto "Flour, water, salt and time"
SET config:theme "{\\"color\\":\\"amber\\",\\"compact\\":false,\\"banner\\":\\"Fresh bread daily\\"}"
HSET product:101 name "Sourdough loaf" price 4.50 stock 12
HSET product:102 name "Rye bread" price 3.80 stock 7
HSET product:103 name "Croissant" price 1.90 stock 40
HSET product:104 name "Pain au chocolat" price 2.20 stock 0
RPUSH orders:queue ord-5001 ord-5002 ord-5003
SADD tags:vegan product:102 product:103
ZADD bestsellers 340 "Croissant" 280 "Sourdough loaf" 210 "Cinnamon roll" 95 "Rye bread"
SET session:7f3a "user=maria" EX 3600
HSET "recipe:grandma's rye" flour "500 g" water "350 ml" salt "10 g"
`;

async function startRedisCommander() {
  const how = 'install it with `DEBIAN_FRONTEND=noninteractive flock /tmp/svc-apt.lock apt-get install -y -o DPkg::Lock::Timeout=600 --no-install-recommends redis-server` and `flock /tmp/svc-npm.lock npm install --prefix /opt/fs7/redis-commander redis-commander@0.9.0`';
  need(REDIS_SERVER, how);
  need(REDIS_CLI, how);
  need(RC_BIN, how);
  const dir = kit.dir('svc-fs7-redis-');
  const children = [];
  return kit.withCleanup(dir, children, async () => {
    const redisPort = await kit.redis(dir, children, REDIS_SERVER, REDIS_CLI);
    execFileSync(REDIS_CLI, ['-p', String(redisPort)], { input: REDIS_SEED, stdio: ['pipe', 'pipe', 'pipe'], timeout: 10_000 });
    const port = await freePort();
    const rc = start(process.execPath, [RC_BIN, '--redis-host', '127.0.0.1', '--redis-port', String(redisPort), '--redis-label', 'Bakery cache',
      '--address', '127.0.0.1', '--port', String(port), '--http-auth-username', REDIS_ACCOUNT.username, '--http-auth-password', REDIS_ACCOUNT.password, '--nosave'],
    { cwd: dir, env: { ...process.env, HOME: dir, NODE_ENV: 'production' } });
    children.push(rc);
    const url = `http://127.0.0.1:${port}/`;
    await waitHttp(url, rc, 20_000, (r) => r.status === 200);
    return { url, stop: kit.stopper(dir, children) };
  });
}

// ---------------------------------------------------------------- static bundles (docsify, bpmn)

async function startDocsify() {
  need(join(DOCSIFY_DIR, 'lib', 'docsify.min.js'), 'install it with `flock /tmp/svc-npm.lock npm install --prefix /opt/fs7/docsify docsify@4.13.1`');
  return kit.serveStatic('svc-fs7-docsify-', DOCSIFY_SITE, [`/docsify/=${DOCSIFY_DIR}`]);
}

async function startBpmn() {
  need(join(BPMN_DIR, 'bpmn-modeler.development.js'), 'install it with `flock /tmp/svc-npm.lock npm install --prefix /opt/fs7/bpmn bpmn-js@18.31.1`');
  return kit.serveStatic('svc-fs7-bpmn-', BPMN_SITE, [`/bpmn-js/=${BPMN_DIR}`]);
}

// ----------------------------------------------------------------

export async function startApp(key) {
  if (key === 'rediscommander') return startRedisCommander();
  if (key === 'docsify') return startDocsify();
  if (key === 'bpmn') return startBpmn();
  throw new Error(`unknown first-sight set-7 app "${key}"`);
}

export async function stopApps() {
  await kit.stopAll();
}
