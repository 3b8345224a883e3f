import { basename } from 'node:path';
import type { Command } from 'commander';
import { MAX_API_DOC_BYTES } from '../../../src/contract/generation.js';
import { projectDocsPut } from '../../../src/ops/project-docs-put.js';
import { readUserFile } from '../../flags.js';
import type { Runtime } from '../../runtime.js';
import { renderEndpoints } from './render-generation.js';

export function registerProjectDocs(group: Command, rt: Runtime): void {
  const docs = group.command('docs').description("a backend project's API documentation");
  docs
    .command('put <project-id>')
    .description('upload API docs (OpenAPI 3, Swagger 2, Postman v2.1 or text; detected; at most 5 MB): replaces the endpoint list and points cleanup at the DELETE endpoints')
    .requiredOption('--file <path>', 'the documentation file')
    .action(async (projectId: string, o) => {
      const content = rt.globals().dryRun ? 'GET /users' : readUserFile(o.file, '--file', MAX_API_DOC_BYTES);
      const v = await rt.exec(projectDocsPut, { projectId, filename: rt.globals().dryRun ? 'api.md' : basename(o.file), content });
      for (const w of v.warnings) rt.advise(`docs: ${w}`);
      rt.emit(v, renderEndpoints);
    });
}
