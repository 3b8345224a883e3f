// Bundles `svc` (dist/cli/bundle-entry.js) and `svc-mcp` (dist/cli/mcp-main.js), each with
// everything it imports, dependencies included, into one CommonJS file apiece
// (dist/cli/svc.bundle.cjs, dist/cli/svc-mcp.bundle.cjs), which they run with V8's code cache
// (cli/code-cache.ts). Modules imported lazily stay lazy: they are evaluated when first imported.
import { buildSync } from 'esbuild';

for (const [entry, out] of [['bundle-entry', 'svc'], ['mcp-main', 'svc-mcp']]) buildSync({
  entryPoints: [`dist/cli/${entry}.js`],
  outfile: `dist/cli/${out}.bundle.cjs`,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  // A package's ES module build first: jsonc-parser's UMD build requires its parts in a way no
  // bundler can follow.
  mainFields: ['module', 'main'],
  target: 'node20',
  logLevel: 'warning',
  // Modules that find files from where they are (the package root) see the bundle's own URL.
  define: { 'import.meta.url': '__svcBundleUrl' },
  banner: { js: "const __svcBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
});
