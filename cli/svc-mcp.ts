#!/usr/bin/env node
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { Command } from 'commander';
import { createMcpServer } from '../src/mcp/server.js';
import { packageVersion } from '../src/util/package-root.js';

const program = new Command('svc-mcp')
  .description('MCP server exposing svc project, test, run, failure and flaky operations as tools (stdio)')
  .version(packageVersion(), '-V, --version')
  .option('--profile <name>', 'credentials profile (default: $SVC_PROFILE, else default)')
  .option('--endpoint-url <url>', 'API base URL (env SVC_API_URL, profile api_url)')
  .action(async (o) => {
    const server = createMcpServer({ profile: o.profile, endpointUrl: o.endpointUrl });
    await server.connect(new StdioServerTransport());
    process.stderr.write(`svc-mcp ${packageVersion()} ready on stdio\n`);
  });

await program.parseAsync(process.argv);
