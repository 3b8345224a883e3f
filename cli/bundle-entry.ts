// What `svc` loads for a command: the CLI and everything it uses, bundled at build time into one
// CommonJS file (dist/cli/svc.bundle.cjs, scripts/bundle-cli.mjs) that cli/code-cache.ts runs with
// V8's code cache.
export { processIo } from './io.js';
export { main } from './main.js';
