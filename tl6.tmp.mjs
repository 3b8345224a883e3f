import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpServer } from './dist/src/mcp/server.js';
for (const toolsets of ['core', 'all']) {
const s = createMcpServer({ env: { SVC_API_KEY: 'x' }, toolsets });
const [a, b] = InMemoryTransport.createLinkedPair();
await s.connect(a); const c = new Client({ name: 't', version: '1' }); await c.connect(b);
const { tools } = await c.listTools();
const j = JSON.stringify({ tools });
let undesc = 0; for (const t of tools) for (const [k, v] of Object.entries(t.inputSchema.properties ?? {})) if (!v.description) { undesc++; console.log('undescribed', t.name, k); }
console.log(toolsets, tools.length, 'tools', j.length, 'chars ~', Math.round(j.length / 4), 'tokens; undescribed', undesc);
if (toolsets==='core') console.log(JSON.stringify(tools.find(t=>t.name==='svc_test_run').outputSchema, null, 1).slice(0, 1500));
}
process.exit(0);
