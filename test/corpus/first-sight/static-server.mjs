// A tiny static file server for the first-sight apps that are plain browser bundles (Docsify, bpmn-js, JSONEditor, Tabulator):
//   node static-server.mjs <port> <site dir> [<url prefix>=<dir> ...]
// Serves <site dir> at / and each extra dir under its prefix; nothing else, nothing cached.
import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';

const [port, site, ...mounts] = process.argv.slice(2);
const roots = [...mounts.map((m) => { const i = m.indexOf('='); return [m.slice(0, i), m.slice(i + 1)]; }), ['/', site]];
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.md': 'text/markdown; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.bpmn': 'application/xml', '.xml': 'application/xml' };

createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  for (const [prefix, dir] of roots) {
    if (!path.startsWith(prefix)) continue;
    let file = normalize(join(dir, path.slice(prefix.length)));
    if (!file.startsWith(normalize(dir))) break;
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html');
      statSync(file);
    } catch { continue; }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    createReadStream(file).pipe(res);
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('not found');
}).listen(Number(port), '127.0.0.1');
