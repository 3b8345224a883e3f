#!/usr/bin/env node
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { Command } from 'commander';
import { intFlag } from './flags.js';
import { createMcpServer } from '../src/mcp/server.js';
import { serveHttp } from '../src/mcp/http.js';
import { packageVersion } from '../src/util/package-root.js';

// On stdio, stdout belongs to the protocol: everything human goes to stderr.
const program = new Command('svc-mcp')
  .description('MCP server exposing svc project, test, run, failure and flaky operations as tools (stdio by default)')
  .version(packageVersion(), '-V, --version')
  .option('--profile <name>', 'credentials profile (default: $SVC_PROFILE, else default)')
  .option('--endpoint-url <url>', 'API base URL (env SVC_API_URL, profile api_url)')
  .option('--request-timeout <seconds>', 'per-request timeout, 1-600 s (default 120; env SVC_REQUEST_TIMEOUT_MS)', intFlag(1, 600))
  .option('--http <port>', 'serve streamable HTTP on 127.0.0.1:<port>/mcp instead of stdio (0 picks a free port)', intFlag(0, 65535))
  .action(async (o: { profile?: string; endpointUrl?: string; requestTimeout?: number; http?: number }) => {
    const opts = { profile: o.profile, endpointUrl: o.endpointUrl, requestTimeout: o.requestTimeout };
    if (o.http !== undefined) {
      const h = await serveHttp(o.http, opts);
      process.stderr.write(`svc-mcp ${packageVersion()} listening on ${h.url}\n`);
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
    process.stderr.write(`svc-mcp ${packageVersion()} ready on stdio\n`);
  });

await program.parseAsync(process.argv);
