// The server of set 11's Dropzone page: serves the page's site dir at / and Dropzone's dist at /dropzone/,
// and answers uploads on loopback only:
//   POST /upload        multipart (fields `photo`, `category`) → 200 {"id","name","size","category"}, or
//                       422 {"error": "…"} when a photo of the same name is already entered
//   DELETE /upload/<id> forgets an upload
//   node dropzone-server.mjs <port> <site dir> <dropzone dist dir>
import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';

const [port, site, dist] = process.argv.slice(2);
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.map': 'application/json' };
const entries = new Map();
let next = 1;

function serve(res, dir, rel) {
  let file = normalize(join(dir, rel));
  if (!file.startsWith(normalize(dir))) return false;
  try {
    if (statSync(file).isDirectory()) file = join(file, 'index.html');
    statSync(file);
  } catch { return false; }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
  createReadStream(file).pipe(res);
  return true;
}

function parts(body, type) {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/.exec(type ?? '');
  if (!m) return [];
  const boundary = Buffer.from(`--${m[1] ?? m[2]}`);
  const out = [];
  let at = body.indexOf(boundary);
  while (at >= 0) {
    const start = at + boundary.length + 2;
    const end = body.indexOf(boundary, start);
    if (end < 0) break;
    const chunk = body.subarray(start, end - 2);
    const sep = chunk.indexOf('\r\n\r\n');
    const head = chunk.subarray(0, sep).toString();
    out.push({ name: /name="([^"]*)"/.exec(head)?.[1], filename: /filename="([^"]*)"/.exec(head)?.[1], data: chunk.subarray(sep + 4) });
    at = end;
  }
  return out;
}

createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  const json = (status, v) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(v)); };
  if (req.method === 'POST' && path === '/upload') {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const fields = parts(Buffer.concat(chunks), req.headers['content-type']);
      const photo = fields.find((f) => f.name === 'photo' && f.filename !== undefined);
      const category = fields.find((f) => f.name === 'category')?.data.toString() ?? '';
      if (!photo) return json(400, { error: 'No photo was sent.' });
      if ([...entries.values()].some((e) => e.name === photo.filename)) return json(422, { error: `You have already entered ${photo.filename}.` });
      const id = String(next++);
      entries.set(id, { name: photo.filename, size: photo.data.length, category });
      setTimeout(() => json(200, { id, name: photo.filename, size: photo.data.length, category }), 150);
    });
    return;
  }
  if (req.method === 'DELETE' && path.startsWith('/upload/')) {
    entries.delete(path.slice('/upload/'.length));
    return json(200, { ok: true });
  }
  if (req.method === 'GET' && path.startsWith('/dropzone/') && serve(res, dist, path.slice('/dropzone/'.length))) return;
  if (req.method === 'GET' && serve(res, site, path)) return;
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('not found');
}).listen(Number(port), '127.0.0.1');
