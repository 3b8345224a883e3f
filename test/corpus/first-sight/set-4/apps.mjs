// First-sight set 4: three real third-party web apps, each started fresh on a free loopback port with
// its own temp dirs and fixed seed data (see README.md).
//
//   fossil     Debian `fossil` (2.21): a software project's web UI (timeline, files, tickets, wiki)
//              served by `fossil server`; seed: the repository "Garden Planner" (check-ins, a branch,
//              a tag, three wiki pages, five tickets), user qa
//   roundcube  Debian `roundcube` (1.6.5) on `php -S` with SQLite, reading mail from its own Dovecot
//              (Debian `dovecot-imapd`, 2.3.19) and sending through a small SMTP sink started here
//              (smtp-sink.mjs); seed: qa's mailbox (inbox, archive, club folders, sent, drafts, junk)
//              and address book
//   wordpress  Debian `wordpress` (6.1) on `php -S` with its own MariaDB server (Debian
//              `mariadb-server`, 10.11); seed: the site "Riverside Cycling Club" (posts, pages,
//              categories, comments awaiting moderation), administrator qa
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../service.mjs';
import { processes, waitHttp } from '../kit.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
export const FOSSIL_ACCOUNT = { username: 'qa', password: 'Fossil-Pass-2024' };
export const ROUNDCUBE_ACCOUNT = { username: 'qa', password: 'Mail-Pass-2024' };
export const WORDPRESS_ACCOUNT = { username: 'qa', password: 'Press-Pass-2024' };

const servers = processes();
const start = (cmd, args, opts) => servers.start(cmd, args, opts);
const stopChild = (child) => servers.stop(child);
const templates = new Set();

function need(path, what) {
  if (!existsSync(path)) throw new Error(`${path} is missing: install ${what} (see test/corpus/first-sight/set-4/README.md)`);
}

/** Runs `fn(dir)` in a fresh temp dir; on failure stops `children` and removes the dir. */
async function withCleanup(dir, children, fn) {
  try {
    return await fn();
  } catch (err) {
    for (const c of children) await stopChild(c);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** Waits until a TCP port accepts connections (or the child exits). */
async function waitPort(port, child, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`port ${port}: the server exited (${child.exitCode}): ${child.output.slice(-2000)}`);
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => { s.destroy(); resolve(true); });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`port ${port} did not open within ${ms} ms: ${child.output.slice(-2000)}`);
}

// ---------------------------------------------------------------- fossil

const FOSSIL_SEED = String.raw`
set -e
D=$1; cd $D
export HOME=$D USER=qa FOSSIL_USER=qa
fossil init --admin-user qa --date-override "2024-02-28 08:00:00" repo.fossil >/dev/null
R="-R $D/repo.fossil"
fossil user password qa "$2" $R
fossil user new mira "Mira Lindqvist" mira-secret-2024 $R >/dev/null
fossil user capabilities mira ei $R >/dev/null
fossil sql $R "REPLACE INTO config(name,value,mtime) VALUES('project-name','Garden Planner',0),('project-description','Plan beds, sowing dates and harvests for a small vegetable garden',0),('index-page','/home',0)"
mkdir co && cd co && fossil open $D/repo.fossil >/dev/null
printf '# Garden Planner\n\nPlan beds, sowing dates and harvests for a small vegetable garden.\n' > README.md
mkdir src
printf 'export const BEDS = ["North bed", "South bed", "Herb spiral"];\n' > src/beds.js
fossil add README.md src/beds.js >/dev/null
fossil commit --no-warnings -m "Initial layout of the garden beds" --date-override "2024-03-01 09:00:00" --user-override mira >/dev/null
printf 'export function sowingWeek(crop) {\n  return { carrot: 12, lettuce: 10, bean: 18 }[crop];\n}\n' > src/sowing.js
fossil add src/sowing.js >/dev/null
fossil commit --no-warnings -m "Add a sowing calendar for carrots, lettuce and beans" --date-override "2024-03-05 14:30:00" --user-override qa >/dev/null
printf 'export const BEDS = ["North bed", "South bed", "Herb spiral", "Greenhouse"];\n' > src/beds.js
fossil commit --no-warnings -m "Add the greenhouse as a fourth bed" --date-override "2024-03-09 11:15:00" --user-override mira --tag v1.0 >/dev/null
printf 'export function frostAlert(temp) {\n  return temp <= 2;\n}\n' > src/frost.js
fossil add src/frost.js >/dev/null
fossil commit --no-warnings -m "Warn when the night temperature drops to 2 degrees" --date-override "2024-03-12 08:45:00" --user-override qa --branch frost-alerts >/dev/null
fossil update trunk >/dev/null
printf '# Garden Planner\n\nPlan beds, sowing dates and harvests for a small vegetable garden.\n\nSee the wiki for the planting guide.\n' > README.md
fossil commit --no-warnings -m "Point the README at the planting guide" --date-override "2024-03-14 16:20:00" --user-override mira >/dev/null
fossil close >/dev/null
cd $D && rm -rf co
printf '<h1>Welcome</h1>\n\nGarden Planner helps you plan beds, sowing dates and harvests.\n\n  *  [Planting Guide]\n  *  [Harvest Log]\n' | fossil wiki create "Garden Planner" $R -M text/x-fossil-wiki >/dev/null
printf '# Planting Guide\n\n| Crop | Bed | Sowing week |\n|---|---|---|\n| Carrot | North bed | 12 |\n| Lettuce | South bed | 10 |\n| Bean | Greenhouse | 18 |\n\nWater seedlings every morning.\n' | fossil wiki create "Planting Guide" $R -M text/x-markdown >/dev/null
printf 'Harvest so far:\n\n  *  Radishes: 2 kg\n  *  Spinach: 1.5 kg\n' | fossil wiki create "Harvest Log" $R -M text/x-fossil-wiki >/dev/null
t() { d=$1; u=$2; shift 2; FOSSIL_USER=$u fossil ticket add $R --date-override "$d" "$@" >/dev/null; }
t "2024-03-06 09:10:00" mira title "Sowing week for beans is wrong" type Code_Defect status Open priority High severity Important subsystem calendar comment "Beans are listed for week 18 but should be week 20."
t "2024-03-07 19:40:00" qa title "Add a watering reminder" type Feature_Request status Open priority Medium severity Minor subsystem reminders comment "Remind me to water the seedlings every morning."
t "2024-03-08 12:00:00" mira title "Greenhouse bed missing from the bed list" type Code_Defect status Fixed priority High severity Critical subsystem beds resolution Fixed comment "Fixed in the check-in that added the greenhouse."
t "2024-03-10 15:05:00" qa title "Typo in the planting guide" type Documentation status Closed priority Low severity Cosmetic subsystem wiki resolution Fixed comment "Letuce should read Lettuce."
t "2024-03-13 10:30:00" mira title "Export the harvest log as CSV" type Feature_Request status Review priority Low severity Minor subsystem harvest comment "A CSV export would help with spreadsheets."
rm -f $D/.fossil
`;

let fossilTpl;
function fossilTemplate() {
  if (fossilTpl) return fossilTpl;
  need('/usr/bin/fossil', 'the Debian package fossil');
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs4-fstpl-'));
  try {
    execFileSync('bash', ['-c', FOSSIL_SEED, 'seed', dir, FOSSIL_ACCOUNT.password], { stdio: 'pipe', timeout: 60_000, env: { ...process.env, HOME: dir } });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`fossil seed failed: ${err.stderr ?? err.message}`);
  }
  templates.add(dir);
  fossilTpl = dir;
  return dir;
}

async function startFossil() {
  const tpl = fossilTemplate();
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs4-fs-'));
  cpSync(join(tpl, 'repo.fossil'), join(dir, 'repo.fossil'));
  const port = await freePort();
  const child = start('fossil', ['server', '--port', String(port), '--localhost', join(dir, 'repo.fossil')], { cwd: dir, env: { ...process.env, HOME: dir, USER: 'qa' } });
  const url = `http://127.0.0.1:${port}/`;
  const stop = async () => { await stopChild(child); rmSync(dir, { recursive: true, force: true }); };
  await withCleanup(dir, [child], () => waitHttp(`${url}home`, child, 20_000, (r) => r.status === 200));
  return { url, stop };
}

// ---------------------------------------------------------------- roundcube

const MAIL_UID = 65534; // nobody: Dovecot will not give mail access to root

function dovecotConfig(dir, port) {
  return `protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/run/state
instance_name = fs4-dovecot-${port}
log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:~/Maildir
first_valid_uid = ${MAIL_UID}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%n ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${MAIL_UID} gid=${MAIL_UID} home=${dir}/home/%n
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Junk {
    special_use = \\Junk
    auto = subscribe
  }
  mailbox Trash {
    special_use = \\Trash
    auto = subscribe
  }
}
`;
}

/** Starts Dovecot on `dir` (passwd, home/qa/Maildir), returns { child, port }. */
async function runDovecot(dir) {
  const port = await freePort();
  chmodSync(dir, 0o755); // Dovecot's auth and mail processes run as other users
  mkdirSync(join(dir, 'run', 'state'), { recursive: true });
  writeFileSync(join(dir, 'passwd'), `${ROUNDCUBE_ACCOUNT.username}:{PLAIN}${ROUNDCUBE_ACCOUNT.password}\n`);
  writeFileSync(join(dir, 'dovecot.conf'), dovecotConfig(dir, port));
  execFileSync('chown', ['-R', `${MAIL_UID}:${MAIL_UID}`, join(dir, 'home')]);
  const child = start('/usr/sbin/dovecot', ['-F', '-c', join(dir, 'dovecot.conf')], { cwd: dir });
  await waitPort(port, child).catch(async (err) => { await stopChild(child); throw new Error(`${err.message} ${existsSync(join(dir, 'dovecot.log')) ? readFileSync(join(dir, 'dovecot.log'), 'utf8').slice(-1500) : ''}`); });
  return { child, port };
}

/** A minimal IMAP client: sends one command at a time and waits for its tagged answer. */
async function imapSession(port) {
  const sock = net.connect(port, '127.0.0.1');
  let buf = '';
  let waiter;
  sock.on('data', (d) => { buf += d; waiter?.(); });
  const until = (re) => new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`imap: no ${re} in ${buf.slice(-500)}`)), 10_000);
    waiter = () => { const m = re.exec(buf); if (m) { clearTimeout(t); waiter = undefined; const out = buf; buf = ''; resolve(out); } };
    waiter();
  });
  await until(/^\* OK.*\r\n/m);
  let n = 0;
  const cmd = async (line, literal) => {
    const tag = `t${++n}`;
    if (literal !== undefined) {
      const body = Buffer.from(literal.replace(/\r?\n/g, '\r\n'));
      sock.write(`${tag} ${line} {${body.length}+}\r\n`);
      sock.write(body);
      sock.write('\r\n');
    } else sock.write(`${tag} ${line}\r\n`);
    const out = await until(new RegExp(`^${tag} (OK|NO|BAD).*\\r\\n`, 'm'));
    if (!new RegExp(`^${tag} OK`, 'm').test(out)) throw new Error(`imap ${line}: ${out.slice(-300)}`);
    return out;
  };
  return { cmd, close: () => sock.destroy() };
}

const ME = 'Quinn Avery <qa@example.com>';
/** Seed mail: [folder, flags, date, from, to, subject, body, extra]. */
const MAILS = [
  ['INBOX', '\\Seen', '2024-03-18T17:05:00Z', 'Riverside Bike Repairs <service@bikerepairs.example>', ME, 'Your repair is ready for pick-up',
    'Hello Quinn,\n\nyour bike (ticket R-2291: new chain and brake pads) is ready.\nWe are open until 6 pm on weekdays.\n\nRiverside Bike Repairs\n'],
  ['INBOX', '\\Seen', '2024-03-25T09:30:00Z', 'Tomas Rivera <tomas@example.com>', ME, 'Committee meeting agenda',
    'Hi all,\n\nagenda for Thursday:\n1. Membership fees\n2. Summer tour dates\n3. New club jerseys\n\nTomas\n'],
  ['INBOX', '\\Seen \\Flagged', '2024-03-27T12:10:00Z', 'Tomas Rivera <tomas@example.com>', ME, 'Membership fees 2024',
    'Hi Quinn,\n\nattached is the list of membership fees for 2024. Adults pay 45 EUR, juniors 20 EUR.\n\nTomas\n', { attachment: ['fees-2024.csv', 'text/csv', 'category,fee\nadult,45\njunior,20\nfamily,80\n'] }],
  ['INBOX', '\\Seen', '2024-03-29T15:45:00Z', 'Priya Shah <priya@example.com>', ME, 'Re: Lost water bottle',
    'Hi Quinn,\n\nyes, the green bottle is mine! I will pick it up on Saturday.\n\nThanks,\nPriya\n'],
  ['INBOX', '\\Seen', '2024-04-01T07:00:00Z', 'Club Newsletter <news@riverside-cycling.example>', ME, 'April newsletter',
    null, { html: '<html><body><h1>April newsletter</h1><p>The <b>spring tour</b> starts on 13 April at the old bridge.</p><ul><li>Distance: 85 km</li><li>Meeting point: Old Bridge car park</li></ul></body></html>' }],
  ['INBOX', '', '2024-04-02T08:15:00Z', 'Mira Lindqvist <mira@example.com>', ME, "Route for Saturday's ride",
    'Hi Quinn,\n\nfor Saturday I suggest the river loop: 62 km, mostly flat, coffee stop in Eastwick.\nStart 9:00 at the old bridge.\n\nMira\n'],
  ['INBOX', '', '2024-04-05T19:20:00Z', 'Mira Lindqvist <mira@example.com>', ME, 'Photos from the spring tour',
    'Hi Quinn,\n\nthe photos from the spring tour are on the club drive, folder "Spring tour 2024".\n\nMira\n'],
  ['Archive', '\\Seen', '2023-11-20T10:00:00Z', 'Tomas Rivera <tomas@example.com>', ME, 'Christmas dinner booking',
    'Hi Quinn,\n\nthe Christmas dinner is booked for 15 December at the Red Lion, 19:30.\n\nTomas\n'],
  ['Archive', '\\Seen', '2023-10-02T16:30:00Z', 'Priya Shah <priya@example.com>', ME, 'Autumn ride results',
    'Hi Quinn,\n\n41 riders finished the autumn ride. Fastest lap: 1:52:10.\n\nPriya\n'],
  ['Club/Events', '\\Seen', '2024-02-14T11:00:00Z', 'Mira Lindqvist <mira@example.com>', ME, 'Summer tour dates',
    'Hi Quinn,\n\nthe summer tour runs from 6 to 9 July. Four stages, about 300 km in total.\n\nMira\n'],
  ['Club/Events', '\\Seen', '2024-02-20T18:40:00Z', 'Tomas Rivera <tomas@example.com>', ME, 'Volunteers for the charity ride',
    'Hi Quinn,\n\nwe still need four volunteers for the charity ride feed stations.\n\nTomas\n'],
  ['Sent', '\\Seen', '2024-03-29T13:05:00Z', ME, 'Priya Shah <priya@example.com>', 'Lost water bottle',
    'Hi Priya,\n\nsomeone left a green water bottle at the clubhouse. Is it yours?\n\nQuinn\n'],
  ['Drafts', '\\Seen \\Draft', '2024-04-03T21:00:00Z', ME, 'Mira Lindqvist <mira@example.com>', 'Ideas for the summer trip',
    'Hi Mira,\n\nsome ideas for the summer trip:\n- ferry to the island\n- a night in the mountain hut\n'],
  ['Junk', '', '2024-04-04T03:33:00Z', 'Prize Desk <winner@prizes.example>', ME, 'You have won a carbon racing bike!!!',
    'Click here to claim your prize today.\n'],
];

function rfc822([, , iso, from, to, subject, body, extra = {}], i) {
  const date = new Date(iso).toUTCString().replace('GMT', '+0000');
  const head = [`From: ${from}`, `To: ${to}`, `Subject: ${subject}`, `Date: ${date}`, `Message-ID: <seed-${i}@riverside-cycling.example>`, 'MIME-Version: 1.0'];
  if (extra.html) return [...head, 'Content-Type: text/html; charset=UTF-8', '', extra.html, ''].join('\n');
  if (extra.attachment) {
    const [name, type, data] = extra.attachment;
    return [...head, 'Content-Type: multipart/mixed; boundary="seed-boundary"', '', '--seed-boundary', 'Content-Type: text/plain; charset=UTF-8', '', body,
      '--seed-boundary', `Content-Type: ${type}; name="${name}"`, `Content-Disposition: attachment; filename="${name}"`, 'Content-Transfer-Encoding: base64', '',
      Buffer.from(data).toString('base64'), '--seed-boundary--', ''].join('\n');
  }
  return [...head, 'Content-Type: text/plain; charset=UTF-8', '', body].join('\n');
}

const imapDate = (iso) => {
  const d = new Date(iso);
  const mon = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()];
  const p = (n) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}-${mon}-${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
};

const vcard = (first, last, email, extra = '') => `BEGIN:VCARD\r\nVERSION:3.0\r\nN:${last};${first};;;\r\nFN:${first} ${last}\r\nEMAIL;TYPE=home:${email}\r\n${extra}END:VCARD`;
const CONTACTS = [
  ['Mira', 'Lindqvist', 'mira@example.com', 'TEL;TYPE=cell:+46 70 123 45 67\r\n'],
  ['Priya', 'Shah', 'priya@example.com', ''],
  ['Tomas', 'Rivera', 'tomas@example.com', 'ORG:Riverside Cycling Club\r\n'],
  ['Jonas', 'Berg', 'jonas.berg@example.net', ''],
];

const sq = (s) => `'${String(s).replace(/'/g, "''")}'`;

function roundcubeSeedSql() {
  const rows = [
    "INSERT INTO users (user_id, username, mail_host, created, language, preferences) VALUES (1, 'qa', '127.0.0.1', '2024-01-01 00:00:00', 'en_US', 'a:0:{}');",
    "INSERT INTO identities (identity_id, user_id, changed, standard, name, organization, email, signature) VALUES (1, 1, '2024-01-01 00:00:00', 1, 'Quinn Avery', 'Riverside Cycling Club', 'qa@example.com', '');",
  ];
  CONTACTS.forEach(([first, last, email, extra], i) => {
    rows.push(`INSERT INTO contacts (contact_id, user_id, changed, name, email, firstname, surname, vcard, words) VALUES (${i + 1}, 1, '2024-01-01 00:00:00', ${sq(`${first} ${last}`)}, ${sq(email)}, ${sq(first)}, ${sq(last)}, ${sq(vcard(first, last, email, extra))}, ${sq(` ${first.toLowerCase()} ${last.toLowerCase()} ${email} `)});`);
  });
  rows.push("INSERT INTO contactgroups (contactgroup_id, user_id, changed, name) VALUES (1, 1, '2024-01-01 00:00:00', 'Committee');");
  rows.push("INSERT INTO contactgroupmembers (contactgroup_id, contact_id, created) VALUES (1, 3, '2024-01-01 00:00:00'), (1, 1, '2024-01-01 00:00:00');");
  return rows.join('\n');
}

let rcTpl;
async function roundcubeTemplate() {
  if (rcTpl) return rcTpl;
  need('/usr/sbin/dovecot', 'the Debian package dovecot-imapd');
  need('/usr/share/roundcube/index.php', 'the Debian packages roundcube and roundcube-sqlite3');
  need('/usr/bin/sqlite3', 'the Debian package sqlite3');
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs4-rctpl-'));
  await withCleanup(dir, [], async () => {
    mkdirSync(join(dir, 'home', 'qa', 'Maildir'), { recursive: true });
    const { child, port } = await runDovecot(dir);
    await withCleanup(dir, [child], async () => {
      const imap = await imapSession(port);
      await imap.cmd(`LOGIN ${ROUNDCUBE_ACCOUNT.username} ${ROUNDCUBE_ACCOUNT.password}`);
      for (const f of ['Archive', 'Club', 'Club/Events']) {
        await imap.cmd(`CREATE "${f}"`);
        await imap.cmd(`SUBSCRIBE "${f}"`);
      }
      for (const [i, m] of MAILS.entries()) await imap.cmd(`APPEND "${m[0]}" (${m[1]}) "${imapDate(m[2])}"`, rfc822(m, i));
      await imap.cmd('LOGOUT').catch(() => {});
      imap.close();
    });
    await stopChild(child);
    mkdirSync(join(dir, 'db'));
    execFileSync('sqlite3', [join(dir, 'db', 'roundcube.db')], { input: `${readFileSync('/usr/share/roundcube/SQL/sqlite.initial.sql', 'utf8')}\n${roundcubeSeedSql()}\n`, stdio: ['pipe', 'pipe', 'pipe'] });
  });
  templates.add(dir);
  rcTpl = dir;
  return dir;
}

function roundcubeConfig(dir, imapPort, smtpPort) {
  return `<?php
$config = [];
$config['db_dsnw'] = 'sqlite:///${dir}/db/roundcube.db?mode=0646';
$config['imap_host'] = '127.0.0.1:${imapPort}';
$config['smtp_host'] = '127.0.0.1:${smtpPort}';
$config['smtp_user'] = '';
$config['smtp_pass'] = '';
$config['log_dir'] = '${dir}/logs/';
$config['temp_dir'] = '${dir}/temp/';
$config['des_key'] = 'set4-corpus-key-24chars!';
$config['product_name'] = 'Riverside Mail';
$config['support_url'] = '';
$config['plugins'] = [];
$config['skin'] = 'elastic';
$config['timezone'] = 'UTC';
$config['language'] = 'en_US';
$config['enable_spellcheck'] = false;
$config['enable_installer'] = false;
$config['ip_check'] = false;
$config['message_sort_col'] = 'date';
$config['message_sort_order'] = 'DESC';
$config['mail_domain'] = 'example.com';
$config['draft_autosave'] = 0;
$config['refresh_interval'] = 0;
`;
}

async function startRoundcube() {
  const tpl = await roundcubeTemplate();
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs4-rc-'));
  const children = [];
  return withCleanup(dir, children, async () => {
    cpSync(join(tpl, 'home'), join(dir, 'home'), { recursive: true });
    cpSync(join(tpl, 'db'), join(dir, 'db'), { recursive: true });
    for (const d of ['logs', 'temp', 'config', 'sessions']) mkdirSync(join(dir, d));
    const dv = await runDovecot(dir);
    children.push(dv.child);
    const smtpPort = await freePort();
    const smtp = start(process.execPath, [join(HERE, 'smtp-sink.mjs'), String(smtpPort), join(dir, 'home', 'qa', 'Maildir', 'new'), 'qa@example.com', String(MAIL_UID)], { cwd: dir });
    children.push(smtp);
    await waitPort(smtpPort, smtp);
    writeFileSync(join(dir, 'config', 'config.inc.php'), roundcubeConfig(dir, dv.port, smtpPort));
    cpSync('/etc/roundcube/defaults.inc.php', join(dir, 'config', 'defaults.inc.php'));
    cpSync('/etc/roundcube/mimetypes.php', join(dir, 'config', 'mimetypes.php'));
    const port = await freePort();
    const php = start('php', ['-d', `session.save_path=${join(dir, 'sessions')}`, '-d', `upload_tmp_dir=${join(dir, 'temp')}`, '-S', `127.0.0.1:${port}`, '-t', '/var/lib/roundcube/public_html'],
      { cwd: dir, env: { ...process.env, ROUNDCUBE_CONFIG_DIR: join(dir, 'config'), TMPDIR: join(dir, 'temp'), PHP_CLI_SERVER_WORKERS: '4' } });
    children.push(php);
    const url = `http://127.0.0.1:${port}/`;
    await waitHttp(url, php, 20_000, (r) => r.status === 200);
    return { url, stop: async () => { for (const c of children.reverse()) await stopChild(c); rmSync(dir, { recursive: true, force: true }); } };
  });
}

// ---------------------------------------------------------------- wordpress

const WP_CORE = '/usr/share/wordpress';

/** wp-config.php of the shared code dir: everything that differs per instance comes from the environment. */
const WP_CONFIG = `<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'wordpress');
define('DB_PASSWORD', '');
define('DB_HOST', 'localhost:' . getenv('FS4_WP_DB_SOCKET'));
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
define('WP_HOME', getenv('FS4_WP_URL'));
define('WP_SITEURL', getenv('FS4_WP_URL'));
define('WP_CONTENT_DIR', '${WP_CORE}/wp-content');
define('WP_CONTENT_URL', getenv('FS4_WP_URL') . '/wp-content');
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('WP_DEBUG', false);
define('AUTH_KEY', 'fs4-auth-key'); define('SECURE_AUTH_KEY', 'fs4-secure-auth-key');
define('LOGGED_IN_KEY', 'fs4-logged-in-key'); define('NONCE_KEY', 'fs4-nonce-key');
define('AUTH_SALT', 'fs4-auth-salt'); define('SECURE_AUTH_SALT', 'fs4-secure-auth-salt');
define('LOGGED_IN_SALT', 'fs4-logged-in-salt'); define('NONCE_SALT', 'fs4-nonce-salt');
$table_prefix = 'wp_';
require_once ABSPATH . 'wp-settings.php';
`;

/** Installs WordPress into the empty database and adds the seed content (run once, by php-cli). */
const WP_SEED = `<?php
$_SERVER['HTTP_HOST'] = parse_url(getenv('FS4_WP_URL'), PHP_URL_HOST) . ':' . parse_url(getenv('FS4_WP_URL'), PHP_URL_PORT);
$_SERVER['REQUEST_URI'] = '/';
define('WP_INSTALLING', true);
require getenv('FS4_WP_ABSPATH') . 'wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
$r = wp_install('Harbour Town Library', 'qa', 'qa@library.example', true, '', getenv('FS4_WP_PASS'), 'en_US');
$qa = $r['user_id'];
wp_update_user(['ID' => $qa, 'first_name' => 'Quinn', 'last_name' => 'Avery', 'display_name' => 'Quinn Avery', 'nickname' => 'Quinn']);
update_option('blogdescription', 'News and events from your local library');
update_option('timezone_string', 'UTC');
update_option('date_format', 'F j, Y');
update_option('time_format', 'H:i');
update_option('comment_moderation', 1);
update_option('comments_notify', 0);
update_option('moderation_notify', 0);
update_option('template', 'twentytwentyone');
update_option('stylesheet', 'twentytwentyone');
$lena = wp_insert_user(['user_login' => 'lena', 'user_pass' => 'lena-secret-2024', 'user_email' => 'lena@library.example', 'first_name' => 'Lena', 'last_name' => 'Fischer', 'display_name' => 'Lena Fischer', 'role' => 'editor']);
$omar = wp_insert_user(['user_login' => 'omar', 'user_pass' => 'omar-secret-2024', 'user_email' => 'omar@library.example', 'first_name' => 'Omar', 'last_name' => 'Haddad', 'display_name' => 'Omar Haddad', 'role' => 'author']);
wp_delete_post(1, true); wp_delete_post(2, true); wp_delete_post(3, true);
wp_update_term(1, 'category', ['name' => 'News', 'slug' => 'news']);
$events = wp_insert_term('Events', 'category', ['slug' => 'events'])['term_id'];
$reviews = wp_insert_term('Book Reviews', 'category', ['slug' => 'book-reviews', 'description' => 'What our staff are reading'])['term_id'];
$kids = wp_insert_term('Children', 'category', ['slug' => 'children', 'parent' => $events])['term_id'];
function p($a) { $id = wp_insert_post(array_merge(['post_status' => 'publish', 'post_type' => 'post', 'comment_status' => 'open'], $a), true); if (is_wp_error($id)) { fwrite(STDERR, $id->get_error_message()); exit(1); } return $id; }
$p1 = p(['post_title' => 'New opening hours from April', 'post_content' => "<!-- wp:paragraph --><p>From 1 April the library opens at 9:00 on weekdays and closes at 19:00. On Saturdays we are open from 10:00 to 16:00.</p><!-- /wp:paragraph -->", 'post_author' => $qa, 'post_date' => '2024-03-20 10:00:00', 'post_category' => [1], 'tags_input' => ['opening hours']]);
$p2 = p(['post_title' => 'Story time for children every Wednesday', 'post_content' => "<!-- wp:paragraph --><p>Every Wednesday at 15:00 our librarians read stories for children aged 3 to 7 in the reading corner.</p><!-- /wp:paragraph -->", 'post_author' => $lena, 'post_date' => '2024-03-22 09:30:00', 'post_category' => [$events, $kids], 'tags_input' => ['children', 'reading']]);
$p3 = p(['post_title' => 'Review: The Lighthouse Keeper', 'post_content' => "<!-- wp:paragraph --><p>A quiet, moving novel about a keeper and the island he never leaves. Four stars from our staff.</p><!-- /wp:paragraph -->", 'post_author' => $omar, 'post_date' => '2024-03-25 14:00:00', 'post_category' => [$reviews], 'tags_input' => ['novel', 'reading']]);
$p4 = p(['post_title' => 'Book sale in the main hall', 'post_content' => "<!-- wp:paragraph --><p>Our yearly book sale takes place on 13 April in the main hall. Paperbacks cost 1 euro, hardcovers 2 euros.</p><!-- /wp:paragraph -->", 'post_author' => $lena, 'post_date' => '2024-04-02 08:00:00', 'post_category' => [$events, 1], 'tags_input' => ['sale']]);
$p5 = p(['post_title' => 'Review: Gardens of the North', 'post_content' => "<!-- wp:paragraph --><p>A beautifully illustrated guide to northern gardens. Three stars.</p><!-- /wp:paragraph -->", 'post_author' => $omar, 'post_date' => '2024-04-04 16:45:00', 'post_category' => [$reviews]]);
$p6 = p(['post_title' => 'Ideas for the summer reading club', 'post_content' => "<!-- wp:paragraph --><p>Draft: reading list and prizes for the summer club.</p><!-- /wp:paragraph -->", 'post_author' => $qa, 'post_date' => '2024-04-06 11:00:00', 'post_status' => 'draft', 'post_category' => [$events]]);
$pg1 = p(['post_type' => 'page', 'post_title' => 'About the library', 'post_content' => "<!-- wp:paragraph --><p>Harbour Town Library has served the town since 1921. We lend books, films and board games.</p><!-- /wp:paragraph -->", 'post_author' => $qa, 'post_date' => '2024-01-10 09:00:00', 'comment_status' => 'closed', 'menu_order' => 1]);
$pg2 = p(['post_type' => 'page', 'post_title' => 'Visit us', 'post_content' => "<!-- wp:paragraph --><p>Harbour Street 12, Harbour Town. Phone 555-0142.</p><!-- /wp:paragraph -->", 'post_author' => $qa, 'post_date' => '2024-01-10 09:05:00', 'comment_status' => 'closed', 'menu_order' => 2]);
function c($post, $author, $email, $text, $date, $approved) { return wp_insert_comment(['comment_post_ID' => $post, 'comment_author' => $author, 'comment_author_email' => $email, 'comment_content' => $text, 'comment_date' => $date, 'comment_date_gmt' => $date, 'comment_approved' => $approved, 'comment_author_IP' => '127.0.0.1', 'comment_agent' => 'seed']); }
c($p1, 'Harriet Cole', 'harriet@example.com', 'Great news, the longer Saturday hours help a lot.', '2024-03-21 08:12:00', 1);
c($p2, 'Ben Moreau', 'ben@example.com', 'My daughter loved it last week!', '2024-03-28 17:40:00', 1);
c($p2, 'Sofia Marin', 'sofia@example.com', 'Is there also a session in Spanish?', '2024-03-29 12:05:00', 0);
c($p4, 'Harriet Cole', 'harriet@example.com', 'Can I bring books to donate before the sale?', '2024-04-03 09:20:00', 0);
c($p3, 'Cheap Watches', 'deals@spam.example', 'Buy cheap watches here!!!', '2024-03-30 02:00:00', 'spam');
update_option('show_on_front', 'posts');
echo "ok";
`;

let wpTpl;
/** Once per process: the code dir (links to Debian's WordPress, our wp-config.php) and a seeded MariaDB data dir. */
async function wordpressTemplate() {
  if (wpTpl) return wpTpl;
  need('/usr/sbin/mariadbd', 'the Debian package mariadb-server');
  need(`${WP_CORE}/wp-settings.php`, 'the Debian package wordpress');
  need(`${WP_CORE}/wp-content/themes/twentytwentyone/style.css`, 'the Debian package wordpress-theme-twentytwentyone');
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs4-wptpl-'));
  await withCleanup(dir, [], async () => {
    const code = join(dir, 'code');
    mkdirSync(code);
    for (const f of readdirSync(WP_CORE)) if (f !== 'wp-config.php' && !f.startsWith('.')) symlinkSync(join(WP_CORE, f), join(code, f));
    writeFileSync(join(code, 'wp-config.php'), WP_CONFIG);
    writeFileSync(join(dir, 'prepend.php'), `<?php if (!defined('ABSPATH')) define('ABSPATH', '${code}/');\n`);
    writeFileSync(join(dir, 'seed.php'), WP_SEED);
    execFileSync('mariadb-install-db', ['--no-defaults', `--datadir=${join(dir, 'data')}`, '--user=root', '--auth-root-authentication-method=normal', '--skip-test-db', '--innodb-log-file-size=8M'], { stdio: 'pipe', timeout: 60_000 });
    const db = await runMariadb(dir);
    await withCleanup(dir, [db.child], async () => {
      execFileSync('mariadb', ['--no-defaults', '-S', db.socket, '-e', 'CREATE DATABASE wordpress CHARACTER SET utf8mb4'], { stdio: 'pipe' });
      const out = execFileSync('php', ['-d', `auto_prepend_file=${join(dir, 'prepend.php')}`, join(dir, 'seed.php')], {
        stdio: 'pipe', timeout: 60_000,
        env: { ...process.env, FS4_WP_DB_SOCKET: db.socket, FS4_WP_URL: 'http://127.0.0.1:8080', FS4_WP_ABSPATH: `${code}/`, FS4_WP_PASS: WORDPRESS_ACCOUNT.password },
      }).toString();
      if (!out.endsWith('ok')) throw new Error(`wordpress seed: ${out.slice(-1000)}`);
    });
    await stopChild(db.child);
  });
  templates.add(dir);
  wpTpl = dir;
  return dir;
}

async function runMariadb(dir) {
  const socket = join(dir, 'my.sock');
  const child = start('/usr/sbin/mariadbd', ['--no-defaults', `--datadir=${join(dir, 'data')}`, '--user=root', `--socket=${socket}`, '--skip-networking', '--skip-grant-tables',
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

async function startWordpress() {
  const tpl = await wordpressTemplate();
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs4-wp-'));
  const children = [];
  return withCleanup(dir, children, async () => {
    cpSync(join(tpl, 'data'), join(dir, 'data'), { recursive: true });
    for (const d of ['tmp', 'sessions']) mkdirSync(join(dir, d));
    const db = await runMariadb(dir);
    children.push(db.child);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // the seed was made for another port: home and siteurl come from wp-config.php (WP_HOME, WP_SITEURL)
    const php = start('php', ['-d', `auto_prepend_file=${join(tpl, 'prepend.php')}`, '-d', `session.save_path=${join(dir, 'sessions')}`, '-d', `upload_tmp_dir=${join(dir, 'tmp')}`, '-S', `127.0.0.1:${port}`, '-t', WP_CORE],
      { cwd: dir, env: { ...process.env, FS4_WP_DB_SOCKET: db.socket, FS4_WP_URL: url, TMPDIR: join(dir, 'tmp'), PHP_CLI_SERVER_WORKERS: '4' } });
    children.push(php);
    await waitHttp(`${url}/wp-login.php`, php, 20_000, (r) => r.status === 200);
    return { url: `${url}/`, stop: async () => { for (const c of children.reverse()) await stopChild(c); rmSync(dir, { recursive: true, force: true }); } };
  });
}

// ----------------------------------------------------------------

export async function startApp(key) {
  if (key === 'fossil') return startFossil();
  if (key === 'roundcube') return startRoundcube();
  if (key === 'wordpress') return startWordpress();
  throw new Error(`unknown first-sight set-4 app "${key}"`);
}

export async function stopApps() {
  await servers.stopAll();
  for (const d of templates) rmSync(d, { recursive: true, force: true });
  templates.clear();
  fossilTpl = undefined;
  rcTpl = undefined;
  wpTpl = undefined;
}
