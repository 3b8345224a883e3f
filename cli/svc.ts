#!/usr/bin/env node
import { processIo } from './io.js';
import { main } from './main.js';

const code = await main(process.argv.slice(2), processIo());
process.exitCode = code;
// Open keep-alive sockets must not hold the process once the command is done.
setTimeout(() => process.exit(code), 50).unref();
