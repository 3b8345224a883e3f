#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { loadBundle } from './code-cache.js';

// The server from its bundle, run with V8's code cache; from the modules themselves where there is none.
// An agent may stop the server by killing it: the cache is written once it has been up for 2 s.
const { runMcp } = loadBundle<typeof import('./mcp-main.js')>(fileURLToPath(new URL('./svc-mcp.bundle.cjs', import.meta.url)), { saveAfterMs: 2000 }) ?? (await import('./mcp-main.js'));
await runMcp(process.argv);
