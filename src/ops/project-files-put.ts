import { createHash } from 'node:crypto';
import { Id, IdempotencyKey } from '../contract/common.js';
import { FileName, ProjectFile, ProjectFilePutBody, putProjectFile } from '../contract/project-files.js';
import { defineOp } from './op.js';

/**
 * Not an MCP tool: an agent would have to spell up to 10 MB out as base64 in a tool call, which
 * costs its context dearly and breaks on binary files it has never seen whole. Agents add files with
 * the CLI (`svc project files add`), which reads them from disk; list and remove are tools.
 */
export const projectFilesPut = defineOp({
  name: 'project.files-put',
  title: 'Add or replace a project file',
  description:
    "Store a file a frontend test may pick in the browser's file chooser ('Upload report.csv'), under a plain name; the same name replaces it. At most 10 MB a file, 50 files and 100 MB a project.",
  input: ProjectFilePutBody.extend({ projectId: Id, name: FileName, idempotencyKey: IdempotencyKey.optional() }),
  output: ProjectFile,
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  mcp: false,
  sample: (i) => {
    const content = Buffer.from(i.content, 'base64');
    return { name: i.name, bytes: content.length, sha256: createHash('sha256').update(content).digest('hex'), uploadedAt: '2025-01-01T00:00:00.000Z' };
  },
  run: (ctx, { projectId, name, idempotencyKey, ...body }) => ctx.client().call(putProjectFile, { params: { projectId, name }, body, idempotencyKey }),
});
