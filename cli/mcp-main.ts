// The svc-mcp server: its options and how it serves. Bundled at build time into one CommonJS file
// (dist/cli/svc-mcp.bundle.cjs, scripts/bundle-cli.mjs) that svc-mcp.ts runs with V8's code cache.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { Command, Option } from 'commander';
import { intFlag } from './flags.js';
import { createMcpServer, exposedOps } from '../src/mcp/server.js';
import { SvcError } from '../src/contract/errors.js';
import { TOOLSETS, TOOLSET_NAMES } from '../src/mcp/toolsets.js';
import { serveHttp } from '../src/mcp/http.js';
import { packageVersion } from '../src/util/package-root.js';

/** Parses `argv` (process.argv's shape) and serves until the client goes. */
export async function runMcp(argv: string[]): Promise<void> {
  // On stdio, stdout belongs to the protocol: everything human goes to stderr.
  const program = new Command('svc-mcp')
    .description('MCP server exposing svc project, test, run, failure and flaky operations as tools (stdio by default)')
    .version(packageVersion(), '-V, --version')
    .option('--profile <name>', 'credentials profile (default: $SVC_PROFILE, else default)')
    .option('--endpoint-url <url>', 'API base URL (env SVC_API_URL, profile api_url)')
    .option('--request-timeout <seconds>', 'per-request timeout, 1-600 s (default 120; env SVC_REQUEST_TIMEOUT_MS)', intFlag(1, 600))
    .option('--http <port>', 'serve streamable HTTP on 127.0.0.1:<port>/mcp instead of stdio (0 picks a free port)', intFlag(0, 65535))
    .option('--toolsets <list>', `comma-separated toolsets to serve, or all (default: $SVC_MCP_TOOLSETS, else core): ${TOOLSET_NAMES.join(', ')}`)
    .addOption(
      new Option('--text-content <mode>', "text beside structured results: summary, or json for clients that read only text (env SVC_MCP_TEXT_CONTENT)").choices(['summary', 'json']),
    )
    .addHelpText('after', `\nToolsets:\n${TOOLSET_NAMES.map((t) => `  ${t.padEnd(11)}${TOOLSETS[t].summary}`).join('\n')}\n`)
    .action(async (o: { profile?: string; endpointUrl?: string; requestTimeout?: number; http?: number; toolsets?: string; textContent?: 'summary' | 'json' }) => {
      const opts = { profile: o.profile, endpointUrl: o.endpointUrl, requestTimeout: o.requestTimeout, toolsets: o.toolsets, textContent: o.textContent };
      let count: number;
      try {
        count = exposedOps(opts).length;
      } catch (e) {
        if (!(e instanceof SvcError)) throw e;
        process.stderr.write(`error: ${e.message}\n  next: ${e.nextAction}\n`);
        process.exit(e.exitCode);
      }
      if (o.http !== undefined) {
        const h = await serveHttp(o.http, opts);
        process.stderr.write(`svc-mcp ${packageVersion()} listening on ${h.url} (${count} tools)\n`);
        const stop = (sig: string) => {
          process.stderr.write(`${sig} received, shutting down\n`);
          void h.close().then(() => process.exit(0));
          setTimeout(() => process.exit(0), 3000).unref();
        };
        process.once('SIGINT', () => stop('SIGINT'));
        process.once('SIGTERM', () => stop('SIGTERM'));
        return;
      }
      const server = createMcpServer(opts);
      await server.connect(new StdioServerTransport());
      process.stderr.write(`svc-mcp ${packageVersion()} ready on stdio (${count} tools)\n`);
    });

  await program.parseAsync(argv);
}
