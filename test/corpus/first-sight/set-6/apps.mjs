// First-sight set 6: three real third-party web apps, each started fresh on a free loopback port with
// its own temp dirs and fixed seed data (see README.md).
//
//   swagger      npm `swagger-ui-dist` (5.35.0, under /opt/fs6/swagger-ui): the Swagger UI API explorer,
//                served with our small "Tool Library API" (api-servers.mjs); writes need an API key
//   graphiql     npm `graphiql` (3.8.3) + react/react-dom 18.3.1 + graphql 16.9.0 (under /opt/fs6/graphiql):
//                the GraphiQL IDE over our "Night Sky Observatory" GraphQL server (api-servers.mjs)
//   phpldapadmin Debian `phpldapadmin` (1.2.6.3) on `php -S` with its own OpenLDAP server (Debian
//                `slapd` 2.5.13); seed: the directory of the "Harbour Sailing Club", login uid harbourmaster
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../service.mjs';
import { instances, waitHttp } from '../kit.mjs';

export const LDAP_ACCOUNT = { username: 'harbourmaster', password: 'Mooring-Line-24' };
export const SHED_KEY = 'shed-key-42';

const HERE = dirname(fileURLToPath(import.meta.url));
const API_SERVERS = join(HERE, 'api-servers.mjs');
const SWAGGER_DIR = '/opt/fs6/swagger-ui/node_modules/swagger-ui-dist';
const GRAPHIQL_DIR = '/opt/fs6/graphiql/node_modules';
const PLA_CORE = '/usr/share/phpldapadmin';
const SLAPD = '/usr/sbin/slapd';
const SLAPADD = '/usr/sbin/slapadd';

const kit = instances('set-6');
const { start, need } = kit;
const stopChild = kit.stopChild;
const instanceDir = kit.dir;
const withCleanup = kit.withCleanup;
const templates = new Set();

// ---------------------------------------------------------------- swagger / graphiql

async function startApiServer(mode, root, ready) {
  const dir = instanceDir(`svc-fs6-${mode}-`);
  const port = await freePort();
  const child = start(process.execPath, [API_SERVERS, mode, String(port), root], { cwd: dir, env: { ...process.env, HOME: dir } });
  const url = `http://127.0.0.1:${port}/`;
  const stop = async () => { await stopChild(child); rmSync(dir, { recursive: true, force: true }); };
  await withCleanup(dir, [child], () => waitHttp(`${url}${ready}`, child, 20_000, (r) => r.status === 200));
  return { url, stop };
}

async function startSwagger() {
  need(join(SWAGGER_DIR, 'swagger-ui-bundle.js'), 'install it with `flock /tmp/svc-npm.lock npm install --prefix /opt/fs6/swagger-ui swagger-ui-dist@5.35.0`');
  return startApiServer('swagger', SWAGGER_DIR, 'openapi.json');
}

async function startGraphiql() {
  for (const f of ['graphiql/graphiql.min.js', 'react/umd/react.production.min.js', 'react-dom/umd/react-dom.production.min.js', 'graphql/package.json']) {
    need(join(GRAPHIQL_DIR, f), 'install it with `flock /tmp/svc-npm.lock npm install --prefix /opt/fs6/graphiql graphiql@3.8.3 react@18.3.1 react-dom@18.3.1 graphql@16.9.0`');
  }
  return startApiServer('graphql', GRAPHIQL_DIR, '');
}

// ---------------------------------------------------------------- phpldapadmin

const BASE = 'dc=harbour,dc=test';
const ADMIN_DN = `uid=harbourmaster,ou=People,${BASE}`;

function person(uid, given, sn, title, mail, phone, extra = '') {
  return `dn: uid=${uid},ou=People,${BASE}
objectClass: inetOrgPerson
uid: ${uid}
cn: ${given} ${sn}
givenName: ${given}
sn: ${sn}
title: ${title}
mail: ${mail}
telephoneNumber: ${phone}
${extra}`;
}

const SEED_LDIF = [
  `dn: ${BASE}
objectClass: dcObject
objectClass: organization
dc: harbour
o: Harbour Sailing Club
description: Members, crews and boats of the Harbour Sailing Club
`,
  `dn: ou=People,${BASE}
objectClass: organizationalUnit
ou: People
description: Club members
`,
  `dn: ou=Groups,${BASE}
objectClass: organizationalUnit
ou: Groups
description: Crews and committees
`,
  `dn: ou=Boats,${BASE}
objectClass: organizationalUnit
ou: Boats
description: The club fleet
`,
  person('harbourmaster', 'Morgan', 'Reyes', 'Harbour Master', 'morgan.reyes@harbour.test', '+44 1632 960001', `userPassword: ${LDAP_ACCOUNT.password}\n`),
  person('asmith', 'Alice', 'Smith', 'Skipper', 'alice.smith@harbour.test', '+44 1632 960101'),
  person('bokafor', 'Bola', 'Okafor', 'Sailing Instructor', 'bola.okafor@harbour.test', '+44 1632 960102'),
  person('cdubois', 'Camille', 'Dubois', 'Treasurer', 'camille.dubois@harbour.test', '+44 1632 960103'),
  person('dlindqvist', 'Dag', 'Lindqvist', 'Crew', 'dag.lindqvist@harbour.test', '+44 1632 960104'),
  person('ewong', 'Emily', 'Wong', 'Crew', 'emily.wong@harbour.test', '+44 1632 960105'),
  `dn: cn=instructors,ou=Groups,${BASE}
objectClass: groupOfNames
cn: instructors
description: Members who may teach the beginners' course
member: uid=bokafor,ou=People,${BASE}
member: uid=asmith,ou=People,${BASE}
`,
  `dn: cn=race-crew,ou=Groups,${BASE}
objectClass: groupOfNames
cn: race-crew
description: Crew for the Saturday races
member: uid=asmith,ou=People,${BASE}
member: uid=dlindqvist,ou=People,${BASE}
member: uid=ewong,ou=People,${BASE}
`,
  `dn: cn=committee,ou=Groups,${BASE}
objectClass: groupOfNames
cn: committee
description: The club committee
member: uid=cdubois,ou=People,${BASE}
member: uid=harbourmaster,ou=People,${BASE}
`,
  `dn: cn=Kestrel,ou=Boats,${BASE}
objectClass: device
cn: Kestrel
description: Laser dinghy, single-handed
serialNumber: GBR-20871
l: Slipway A
`,
  `dn: cn=Osprey,ou=Boats,${BASE}
objectClass: device
cn: Osprey
description: Wayfarer dinghy for training
serialNumber: GBR-11244
l: Slipway B
`,
  `dn: cn=Tern,ou=Boats,${BASE}
objectClass: device
cn: Tern
description: Keelboat, six crew
serialNumber: GBR-30519
l: Pontoon 2
`,
].join('\n');

function slapdConf(dir) {
  return `include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
include /etc/ldap/schema/nis.schema
pidfile ${join(dir, 'slapd.pid')}
argsfile ${join(dir, 'slapd.args')}
modulepath /usr/lib/ldap
moduleload back_mdb
loglevel none
access to attrs=userPassword by self write by dn.exact="${ADMIN_DN}" write by anonymous auth by * none
access to * by dn.exact="${ADMIN_DN}" write by * read
database mdb
maxsize 33554432
suffix "${BASE}"
rootdn "cn=root,${BASE}"
directory ${join(dir, 'data')}
index objectClass eq
index uid,cn eq,sub
`;
}

const PLA_CONFIG = `<?php
$config->custom->session['blowfish'] = 'fs6-fixed-blowfish-secret-0123456789abcdef';
$config->custom->appearance['timezone'] = 'UTC';
$config->custom->appearance['hide_template_warning'] = true;
$config->custom->appearance['friendly_attrs'] = array('facsimileTelephoneNumber' => 'Fax', 'gid' => 'Group', 'mail' => 'Email', 'telephoneNumber' => 'Telephone', 'uid' => 'User Name', 'userPassword' => 'Password');
$config->custom->jpeg['tmpdir'] = getenv('FS6_PLA_TMP');
$servers = new Datastore();
$servers->newServer('ldap_pla');
$servers->setValue('server','name','Harbour Directory');
$servers->setValue('server','host','127.0.0.1');
$servers->setValue('server','port',(int)getenv('FS6_LDAP_PORT'));
$servers->setValue('server','base',array('${BASE}'));
$servers->setValue('login','auth_type','session');
$servers->setValue('login','attr','uid');
$servers->setValue('login','base',array('ou=People,${BASE}'));
$servers->setValue('login','bind_id','');
$servers->setValue('server','tls',false);
`;

let plaTpl;
function phpldapadminTemplate() {
  if (plaTpl) return plaTpl;
  const how = 'install the Debian packages with `DEBIAN_FRONTEND=noninteractive flock /tmp/svc-apt.lock apt-get install -y -o DPkg::Lock::Timeout=600 --no-install-recommends slapd ldap-utils phpldapadmin`';
  need(`${PLA_CORE}/htdocs/index.php`, how);
  need(SLAPD, how);
  need(SLAPADD, how);
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs6-platpl-'));
  try {
    // a real copy of the code (its config/ and templates/ are symlinks into /etc/phpldapadmin)
    cpSync(PLA_CORE, join(dir, 'code'), { recursive: true, dereference: true });
    writeFileSync(join(dir, 'code', 'config', 'config.php'), PLA_CONFIG);
    mkdirSync(join(dir, 'data'));
    writeFileSync(join(dir, 'slapd.conf'), slapdConf(dir));
    writeFileSync(join(dir, 'seed.ldif'), SEED_LDIF);
    execFileSync(SLAPADD, ['-f', join(dir, 'slapd.conf'), '-l', join(dir, 'seed.ldif')], { stdio: 'pipe', timeout: 30_000 });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`phpldapadmin template failed: ${err.stderr ?? err.message}`);
  }
  templates.add(dir);
  plaTpl = dir;
  return dir;
}

async function startPhpldapadmin() {
  const tpl = phpldapadminTemplate();
  const dir = instanceDir('svc-fs6-pla-');
  const children = [];
  return withCleanup(dir, children, async () => {
    cpSync(join(tpl, 'data'), join(dir, 'data'), { recursive: true });
    for (const d of ['tmp', 'sessions']) mkdirSync(join(dir, d));
    writeFileSync(join(dir, 'slapd.conf'), slapdConf(dir));
    const ldapPort = await freePort();
    const slapd = start(SLAPD, ['-d', '0', '-f', join(dir, 'slapd.conf'), '-h', `ldap://127.0.0.1:${ldapPort}/`], { cwd: dir });
    children.push(slapd);
    const deadline = Date.now() + 15_000;
    for (;;) {
      try { execFileSync('/usr/bin/ldapsearch', ['-x', '-H', `ldap://127.0.0.1:${ldapPort}/`, '-b', BASE, '-s', 'base', 'dn'], { stdio: 'pipe', timeout: 3000 }); break; } catch (e) {
        if (slapd.exitCode !== null || Date.now() > deadline) throw new Error(`slapd did not start: ${slapd.output.slice(-1500)} ${e.stderr ?? ''}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/`;
    const php = start('php', ['-d', `session.save_path=${join(dir, 'sessions')}`, '-d', `upload_tmp_dir=${join(dir, 'tmp')}`, '-d', 'display_errors=0', '-d', 'error_reporting=E_ALL & ~E_DEPRECATED & ~E_NOTICE',
      '-S', `127.0.0.1:${port}`, '-t', join(tpl, 'code', 'htdocs')],
    { cwd: dir, env: { ...process.env, FS6_LDAP_PORT: String(ldapPort), FS6_PLA_TMP: join(dir, 'tmp'), TMPDIR: join(dir, 'tmp'), PHP_CLI_SERVER_WORKERS: '4' } });
    children.push(php);
    await waitHttp(`${url}index.php`, php, 20_000, (r) => r.status === 200);
    return { url, stop: async () => { for (const c of children.reverse()) await stopChild(c); rmSync(dir, { recursive: true, force: true }); } };
  });
}

// ----------------------------------------------------------------

export async function startApp(key) {
  if (key === 'swagger') return startSwagger();
  if (key === 'graphiql') return startGraphiql();
  if (key === 'phpldapadmin') return startPhpldapadmin();
  throw new Error(`unknown first-sight set-6 app "${key}"`);
}

export async function stopApps() {
  await kit.stopAll();
  for (const d of templates) rmSync(d, { recursive: true, force: true });
  templates.clear();
  plaTpl = undefined;
}
