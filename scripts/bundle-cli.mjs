// Bundles the CLI (dist/cli/bundle-entry.js and everything it imports, dependencies included) into
// one CommonJS file, dist/cli/svc.bundle.cjs, which `svc` runs with V8's code cache
// (cli/code-cache.ts). Modules it imports lazily stay lazy: they are evaluated when first imported.
import { buildSync } from 'esbuild';

buildSync({
  entryPoints: ['dist/cli/bundle-entry.js'],
  outfile: 'dist/cli/svc.bundle.cjs',
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
