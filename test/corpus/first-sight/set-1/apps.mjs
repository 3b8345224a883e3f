// First-sight set 1: three real third-party web apps, each a FRESH instance on a free loopback port.
//
//   maildev    npm `maildev` (3.x): SMTP catcher with a web inbox; four e-mails are delivered to its
//              SMTP port by a tiny node:net SMTP client before the URL is handed out
//   dokuwiki   Debian `dokuwiki` (+ php-cli): a copy of /usr/share/dokuwiki served by `php -S`, with a
//              fresh conf dir and data dir (the Debian sample pages plus a seeded start page and a
//              "Team Handbook" page); test account tester / wiki-pass-123 (admin)
//   prometheus Debian `prometheus` (2.42): scrapes itself plus one unreachable target, with a rule
//              file of one recording rule and two alerting rules; fresh --storage.tsdb.path
import { cpSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from '../../service.mjs';
import { startProcess, stopProcess, waitHttp } from '../kit.mjs';

export const DOKUWIKI_USER = { username: 'tester', password: 'wiki-pass-123' };
const running = new Set();

const startProc = startProcess;
const stopChild = (child) => stopProcess(child, 3000);

/** Registers a started instance so stopApps() can clean up whatever a caller forgot. */
function track(child, dir) {
  let stopped = false;
  const inst = {
    stop: async () => {
      if (stopped) return;
      stopped = true;
      running.delete(inst);
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  running.add(inst);
  return inst;
}

// ---------------------------------------------------------------- maildev

export const MAILS = [
  { from: 'Billing Team <billing@acme.test>', to: 'alice@example.test', subject: 'Your invoice #1042 is ready', text: 'Hello Alice,\n\nYour invoice #1042 for March is attached as a link: https://acme.test/invoices/1042\nTotal due: $49.00\n\nThanks,\nAcme Billing' },
  { from: 'Security <no-reply@acme.test>', to: 'bob@example.test', subject: 'Password reset request', text: 'Hi Bob,\n\nSomeone asked to reset your password. Use the code 739154 within 15 minutes.\nIf this was not you, ignore this message.' },
  { from: 'Weekly Digest <digest@news.test>', to: 'alice@example.test', cc: 'carol@example.test', subject: 'Weekly digest: 3 new comments', html: '<h1>Your weekly digest</h1><p>There are <b>3 new comments</b> on your posts.</p><ul><li>Great article!</li><li>Thanks for sharing</li><li>See you at the meetup</li></ul><p><a href="https://news.test/unsubscribe">Unsubscribe</a></p>', text: 'Your weekly digest\nThere are 3 new comments on your posts.' },
  { from: 'Carol Danvers <carol@example.test>', to: 'team@example.test', subject: 'Lunch on Friday?', text: 'Hey team,\n\nPizza or sushi on Friday? Reply by Thursday noon.\n\nCarol' },
];

function smtpSend(port, mail, date) {
  const rcpts = [mail.to, mail.cc].filter(Boolean);
  const addr = (s) => (/<([^>]+)>/.exec(s)?.[1] ?? s);
  const boundary = 'b-corpus-1';
  const headers = [`From: ${mail.from}`, `To: ${mail.to}`, ...(mail.cc ? [`Cc: ${mail.cc}`] : []), `Subject: ${mail.subject}`, 'MIME-Version: 1.0', `Date: ${date.toUTCString()}`, `Message-ID: <${Math.random().toString(36).slice(2)}@corpus.test>`];
  let body;
  if (mail.html) {
    headers.push(`Content-Type: multipart/alternative; boundary="${boundary}"`);
    body = `--${boundary}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${mail.text}\r\n--${boundary}\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${mail.html}\r\n--${boundary}--`;
  } else {
    headers.push('Content-Type: text/plain; charset=utf-8');
    body = mail.text;
  }
  const data = `${headers.join('\r\n')}\r\n\r\n${body.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..')}\r\n.\r\n`;
  const script = ['EHLO corpus.test', `MAIL FROM:<${addr(mail.from)}>`, ...rcpts.map((r) => `RCPT TO:<${addr(r)}>`), 'DATA', data, 'QUIT'];
  return new Promise((resolve, reject) => {
    const sock = createConnection({ host: '127.0.0.1', port });
    const timer = setTimeout(() => { sock.destroy(); reject(new Error('smtp timeout')); }, 10_000);
    let buf = '';
    let i = 0;
    sock.on('data', (d) => {
      buf += d;
      // act on each complete final reply line ("250 ..." not "250-...")
      let m;
      while ((m = /^(\d{3}) .*\r?\n/m.exec(buf))) {
        const code = Number(m[1]);
        buf = buf.slice(m.index + m[0].length);
        if (code >= 400) { clearTimeout(timer); sock.destroy(); return reject(new Error(`smtp ${m[0].trim()}`)); }
        if (i < script.length) sock.write(i === script.indexOf(data) ? data : `${script[i]}\r\n`);
        i++;
      }
    });
    sock.on('close', () => { clearTimeout(timer); i > script.length - 1 ? resolve() : reject(new Error('smtp closed early')); });
    sock.on('error', (e) => { clearTimeout(timer); reject(e); });
  });
}

async function startMaildev() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs1-maildev-'));
  const [web, smtp] = [await freePort(), await freePort()];
  const bin = join(dirname(fileURLToPath(import.meta.resolve('maildev'))), 'bin', 'maildev.js');
  const child = startProc(process.execPath, [bin, '--web', String(web), '--web-ip', '127.0.0.1', '--smtp', String(smtp), '--ip', '127.0.0.1', '--mail-directory', join(dir, 'mail')], { cwd: dir });
  const inst = track(child, dir);
  try {
    const url = `http://127.0.0.1:${web}/`;
    await waitHttp(url, child);
    // sent 40, 25, 12 and 3 minutes ago: the inbox shows them newest first
    const ago = [40, 25, 12, 3];
    for (const [i, mail] of MAILS.entries()) await smtpSend(smtp, mail, new Date(Date.now() - ago[i] * 60_000));
    await waitHttp(`${url}api/email`, child, 10_000, async (r) => r.ok && (await r.json()).length === MAILS.length);
    return { url, stop: inst.stop };
  } catch (e) { await inst.stop(); throw e; }
}

// ---------------------------------------------------------------- dokuwiki

const DW_START = `====== Welcome to the Team Wiki ======

This wiki holds our team's shared notes. Start with the [[team:handbook|Team Handbook]] or try editing the [[playground:playground|playground]].

===== Quick links =====

  * [[team:handbook|Team Handbook]]
  * [[team:oncall|On-call rota]]
  * [[wiki:syntax|Formatting syntax]]
`;
const DW_HANDBOOK = `====== Team Handbook ======

===== Working hours =====

Core hours are 10:00 to 16:00 (CET). Outside those hours, use the on-call rota.

===== Tools =====

^ Tool      ^ Purpose           ^ Owner  ^
| Jira      | Issue tracking    | Priya  |
| Grafana   | Dashboards        | Marco  |
| PagerDuty | Alerting          | Lena   |

===== Holidays =====

Book holidays at least two weeks in advance.
`;
const DW_ONCALL = `====== On-call rota ======

  - Week 1: Priya
  - Week 2: Marco
  - Week 3: Lena
`;

async function startDokuwiki() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs1-dokuwiki-'));
  try {
    return await startDokuwikiIn(dir);
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

async function startDokuwikiIn(dir) {
  const www = join(dir, 'www');
  const conf = join(dir, 'conf');
  const data = join(dir, 'data');
  cpSync('/usr/share/dokuwiki', www, { recursive: true, dereference: true });
  cpSync('/etc/dokuwiki', conf, { recursive: true, dereference: true });
  cpSync('/var/lib/dokuwiki/data', data, { recursive: true, dereference: true });
  writeFileSync(join(www, 'inc', 'preload.php'), `<?php\nif(!defined('DOKU_CONF')) define('DOKU_CONF', ${JSON.stringify(conf + '/')});\n`);
  writeFileSync(join(conf, 'local.php'), `<?php
$conf['title'] = 'Team Wiki';
$conf['savedir'] = ${JSON.stringify(data)};
$conf['license'] = 'cc-by-sa';
$conf['useacl'] = 1;
$conf['superuser'] = '@admin';
$conf['updatecheck'] = 0;
$conf['send404'] = 0;
`);
  const hash = (await new Promise((resolve, reject) => {
    const p = startProc('php', ['-r', `echo password_hash(${JSON.stringify(DOKUWIKI_USER.password)}, PASSWORD_BCRYPT);`]);
    p.once('exit', (c) => (c === 0 ? resolve(p.output) : reject(new Error(p.output))));
  })).trim();
  writeFileSync(join(conf, 'users.auth.php'), `# users\n${DOKUWIKI_USER.username}:${hash}:Test User:tester@example.test:admin,user\n`);
  writeFileSync(join(conf, 'acl.auth.php'), '# acl\n*               @ALL          1\n*               @user         8\n');
  // plugins that phone home are irrelevant offline; keep the stock set as shipped
  mkdirSync(join(data, 'pages', 'team'), { recursive: true });
  writeFileSync(join(data, 'pages', 'start.txt'), DW_START);
  writeFileSync(join(data, 'pages', 'team', 'handbook.txt'), DW_HANDBOOK);
  writeFileSync(join(data, 'pages', 'team', 'oncall.txt'), DW_ONCALL);
  // build the search index over the seeded pages, as a wiki that has been in use would have it
  await new Promise((resolve, reject) => {
    const p = startProc('php', [join(www, 'bin', 'indexer.php'), '-q'], { cwd: www });
    const t = setTimeout(() => p.kill('SIGKILL'), 20_000);
    p.once('exit', (c) => { clearTimeout(t); c === 0 ? resolve() : reject(new Error(`dokuwiki indexer: ${p.output}`)); });
  });
  const port = await freePort();
  const child = startProc('php', ['-S', `127.0.0.1:${port}`, '-t', www], { cwd: www, env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' } });
  const inst = track(child, dir);
  try {
    const url = `http://127.0.0.1:${port}/doku.php`;
    await waitHttp(url, child);
    return { url, stop: inst.stop };
  } catch (e) { await inst.stop(); throw e; }
}

// ---------------------------------------------------------------- prometheus

async function startPrometheus() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-fs1-prom-'));
  const [port, dead] = [await freePort(), await freePort()];
  writeFileSync(join(dir, 'rules.yml'), `groups:
  - name: corpus-rules
    interval: 2s
    rules:
      - record: job:up:sum
        expr: sum by (job) (up)
      - alert: TargetDown
        expr: up == 0
        labels:
          severity: page
        annotations:
          summary: "Target {{ $labels.instance }} is down"
      - alert: TooManyGoroutines
        expr: go_goroutines > 100000
        for: 5m
        labels:
          severity: ticket
        annotations:
          summary: Far too many goroutines
`);
  writeFileSync(join(dir, 'prometheus.yml'), `global:
  scrape_interval: 2s
  evaluation_interval: 2s
  external_labels:
    monitor: corpus
rule_files:
  - ${join(dir, 'rules.yml')}
scrape_configs:
  - job_name: prometheus
    static_configs:
      - targets: ['127.0.0.1:${port}']
  - job_name: billing-api
    static_configs:
      - targets: ['127.0.0.1:${dead}']
        labels:
          team: payments
`);
  const child = startProc('prometheus', [`--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`,
    '--web.console.templates=/etc/prometheus/consoles', '--web.console.libraries=/etc/prometheus/console_libraries'], { cwd: dir });
  const inst = track(child, dir);
  try {
    const url = `http://127.0.0.1:${port}/`;
    await waitHttp(`${url}-/ready`, child, 30_000, (r) => r.ok);
    // both targets scraped once and the TargetDown alert firing, so pages show settled state
    await waitHttp(`${url}api/v1/query?query=ALERTS{alertstate="firing"}`, child, 20_000, async (r) => r.ok && (await r.json()).data.result.length >= 1);
    await waitHttp(`${url}api/v1/query?query=job:up:sum`, child, 20_000, async (r) => r.ok && (await r.json()).data.result.length === 2);
    await waitHttp(`${url}api/v1/targets`, child, 20_000, async (r) => r.ok && (await r.json()).data.activeTargets.every((t) => t.health !== 'unknown'));
    return { url, stop: inst.stop };
  } catch (e) { await inst.stop(); throw e; }
}

export async function startApp(key) {
  if (key === 'maildev') return startMaildev();
  if (key === 'dokuwiki') return startDokuwiki();
  if (key === 'prometheus') return startPrometheus();
  throw new Error(`unknown first-sight set-1 app "${key}"`);
}

export async function stopApps() {
  await Promise.all([...running].map((i) => i.stop()));
}
