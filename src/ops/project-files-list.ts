import { z } from 'zod';
import { Id } from '../contract/common.js';
import { listProjectFiles, ProjectFileList, type ProjectFile } from '../contract/project-files.js';
import { defineOp, READ } from './op.js';

/** The canned --dry-run file record (the SHA-256 is that of an empty file). */
export function sampleFile(name: string, bytes = 0): ProjectFile {
  return { name, bytes, sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', uploadedAt: '2025-01-01T00:00:00.000Z' };
}

export const projectFilesList = defineOp({
  name: 'project.files-list',
  title: "List a project's files",
  description:
    "Files frontend tests pick in file choosers ('Upload report.csv'), by name. Add them with the CLI: svc project files add.",
  input: z.object({ projectId: Id }),
  output: ProjectFileList,
  annotations: READ,
  sample: (i) => ({ projectId: i.projectId, items: [sampleFile('report.csv', 1024), sampleFile('photo.png', 20480)], totalBytes: 21504 }),
  run: (ctx, i) => ctx.client().call(listProjectFiles, { params: { projectId: i.projectId } }),
});
