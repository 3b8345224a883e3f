// A minimal SMTP server for the roundcube instances of first-sight set 4: accepts every message on
// 127.0.0.1:<port> without authentication; a message with <local address> among its recipients is
// delivered into <maildir/new> (owned by <uid>), others are dropped. Nothing leaves the machine.
//
//   node smtp-sink.mjs <port> <maildir/new> <local address> <uid>
import { chownSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';

const [port, newDir, local, uid] = process.argv.slice(2);
let seq = 0;

net.createServer((sock) => {
  let buf = '';
  let data = null;
  let rcpt = [];
  const say = (s) => sock.write(`${s}\r\n`);
  say('220 sink.example ESMTP');
  sock.on('data', (chunk) => {
    buf += chunk.toString('latin1');
    for (;;) {
      if (data !== null) {
        const end = buf.indexOf('\r\n.\r\n');
        if (end < 0) return;
        data += buf.slice(0, end + 2);
        buf = buf.slice(end + 5);
        if (rcpt.some((r) => r.toLowerCase() === local.toLowerCase())) {
          const file = join(newDir, `${Date.now()}.S${process.pid}_${++seq}.sink`);
          writeFileSync(file, Buffer.from(data.replace(/^\.\./gm, '.'), 'latin1'));
          try { chownSync(file, Number(uid), Number(uid)); } catch { /* not root */ }
        }
        data = null;
        rcpt = [];
        say('250 OK queued');
        continue;
      }
      const nl = buf.indexOf('\r\n');
      if (nl < 0) return;
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') { sock.write('250-sink.example\r\n250-8BITMIME\r\n250 SIZE 10485760\r\n'); }
      else if (verb === 'HELO') say('250 sink.example');
      else if (verb === 'MAIL') { rcpt = []; say('250 OK'); }
      else if (verb === 'RCPT') { const m = /<([^>]*)>/.exec(line); if (m) rcpt.push(m[1]); say('250 OK'); }
      else if (verb === 'DATA') { data = ''; say('354 End data with <CR><LF>.<CR><LF>'); }
      else if (verb === 'RSET') { rcpt = []; say('250 OK'); }
      else if (verb === 'NOOP') say('250 OK');
      else if (verb === 'QUIT') { say('221 Bye'); sock.end(); return; }
      else say('502 Command not implemented');
    }
  });
  sock.on('error', () => {});
}).listen(Number(port), '127.0.0.1');
