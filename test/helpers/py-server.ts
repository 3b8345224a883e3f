import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** The directory of `svc_checks`, the helper module generated backend tests import. */
const LIB = join(import.meta.dirname, '..', '..', 'src', 'engine', 'backend', 'lib');

/**
 * What a python test server needs: imports and a handler base that logs nothing, reads a JSON body
 * (`_body()`) and answers JSON (`_send(status, value)`; no body for None).
 */
export const PY_HEAD = String.raw`import json, os, runpy, sys, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
class Quiet(BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def _body(self):
        return json.loads(self.rfile.read(int(self.headers.get('Content-Length') or 0)) or b'null')
    def _send(self, status, value=None):
        out = b'' if value is None else json.dumps(value).encode()
        self.send_response(status)
        self.send_header('Content-Type', 'application/json')
        self.send_header('Content-Length', str(len(out)))
        self.end_headers()
        self.wfile.write(out)`;

/** Serves the script's handler class H on a free loopback port and points svc_checks at it. */
export const PY_SERVE = String.raw`srv = ThreadingHTTPServer(('127.0.0.1', 0), H)
threading.Thread(target=srv.serve_forever, daemon=True).start()
os.environ['BASE_URL'] = 'http://127.0.0.1:%d' % srv.server_address[1]`;

/** Runs a script (with `args` in sys.argv) with svc_checks importable: the lines it printed. */
export function pyLines(script: string, ...args: string[]): string[] {
  return execFileSync('python3', ['-c', script, ...args], { env: { ...process.env, PYTHONPATH: LIB }, encoding: 'utf8', timeout: 20_000 }).trim().split('\n');
}

/** Runs a script whose last line printed is JSON: that value. */
export const runPy = (script: string, ...args: string[]) => JSON.parse(pyLines(script, ...args).pop()!);
