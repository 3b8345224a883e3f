// First-sight set 10: real third-party web apps, each started fresh on a free loopback port with its own
// temp dir and fixed seed data (see README.md).
//
//   znc     Debian `znc` 1.8.2 (bookworm): the ZNC IRC bouncer and its webadmin module (sign-in, users,
//           networks, channels, global settings), for the Harbour Sailing Club's shared bouncer with three users
//   jstree  npm `jstree` 3.3.17 + `jquery` 3.7.1 (under /opt/fs10/jstree): jsTree on a small page, a primary
//           school's shared documents with a toolbar, search, details panel and a "Share with" check-box tree
//   quill   npm `quill` 2.0.3 (under /opt/fs10/quill): the Quill rich-text editor on a small page, a parish
//           newsletter draft with a toolbar, word count, summary box, Save draft and Preview
import { chownSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../service.mjs';
import { instances, waitHttp } from '../kit.mjs';
import { zncConfig } from './znc-config.mjs';
import { JSTREE_SITE } from './jstree-site.mjs';
import { QUILL_SITE } from './quill-site.mjs';

const ZNC = '/usr/bin/znc';
const ZNC_WEBADMIN = '/usr/lib/znc/webadmin.so';
const JSTREE_DIR = '/opt/fs10/jstree/node_modules/jstree/dist';
const JQUERY_DIR = '/opt/fs10/jstree/node_modules/jquery/dist';
const QUILL_DIR = '/opt/fs10/quill/node_modules/quill/dist';

const kit = instances('set-10');
const { start, need } = kit;

// ---------------------------------------------------------------- ZNC

async function startZnc() {
  need(ZNC, 'install it with `DEBIAN_FRONTEND=noninteractive flock /tmp/svc-apt.lock apt-get install -y -o DPkg::Lock::Timeout=600 --no-install-recommends znc`');
  need(ZNC_WEBADMIN, 'the Debian package `znc` ships its webadmin module there; reinstall it');
  const dir = kit.dir('svc-fs10-znc-');
  const children = [];
  return kit.withCleanup(dir, children, async () => {
    const port = await freePort();
    mkdirSync(join(dir, 'configs'));
    writeFileSync(join(dir, 'configs', 'znc.conf'), zncConfig(port));
    // ZNC waits 30 s before starting as root; as root it runs as `nobody` instead, which must own its data dir.
    const asRoot = process.getuid?.() === 0;
    const ids = asRoot ? { uid: 65534, gid: 65534 } : {};
    if (asRoot) for (const p of [dir, join(dir, 'configs'), join(dir, 'configs', 'znc.conf')]) chownSync(p, 65534, 65534);
    const server = start(ZNC, ['--foreground', '--datadir', dir], { cwd: dir, env: { ...process.env, HOME: dir }, ...ids });
    children.push(server);
    const url = `http://127.0.0.1:${port}/`;
    await waitHttp(url, server, 20_000, (r) => r.status === 200);
    return { url, stop: kit.stopper(dir, children) };
  });
}

// ---------------------------------------------------------------- static bundles (jstree, quill)

async function startJsTree() {
  const how = 'install it with `flock /tmp/svc-npm.lock npm install --prefix /opt/fs10/jstree jstree@3.3.17 jquery@3.7.1`';
  need(join(JSTREE_DIR, 'jstree.min.js'), how);
  need(join(JQUERY_DIR, 'jquery.min.js'), how);
  return kit.serveStatic('svc-fs10-jstree-', JSTREE_SITE, [`/jstree/=${JSTREE_DIR}`, `/jquery/=${JQUERY_DIR}`]);
}

async function startQuill() {
  need(join(QUILL_DIR, 'quill.js'), 'install it with `flock /tmp/svc-npm.lock npm install --prefix /opt/fs10/quill quill@2.0.3`');
  return kit.serveStatic('svc-fs10-quill-', QUILL_SITE, [`/quill/=${QUILL_DIR}`]);
}

// ----------------------------------------------------------------

export async function startApp(key) {
  if (key === 'znc') return startZnc();
  if (key === 'jstree') return startJsTree();
  if (key === 'quill') return startQuill();
  throw new Error(`unknown first-sight set-10 app "${key}"`);
}

export async function stopApps() {
  await kit.stopAll();
}
