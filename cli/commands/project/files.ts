import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { SvcError } from '../../../src/contract/errors.js';
import { FILE_NAME_RULE, fileNameProblem, PROJECT_FILE_LIMITS as LIMITS, type ProjectFile } from '../../../src/contract/project-files.js';
import { projectFilesList } from '../../../src/ops/project-files-list.js';
import { projectFilesPut } from '../../../src/ops/project-files-put.js';
import { projectFilesRemove } from '../../../src/ops/project-files-remove.js';
import { fileProblem } from '../../../src/util/file-problem.js';
import { renderTable } from '../../../src/output/table.js';
import type { Runtime } from '../../runtime.js';

const invalid = (message: string, nextAction: string) => new SvcError('VALIDATION_ERROR', message, { nextAction });

const renderFiles = (v: { items: ProjectFile[]; totalBytes?: number }) => {
  const table = renderTable(['NAME', 'BYTES', 'SHA256', 'UPLOADED'], v.items.map((f) => [f.name, f.bytes, f.sha256.slice(0, 12), f.uploadedAt]));
  return v.totalBytes === undefined ? table : `${table}${v.items.length} file(s), ${v.totalBytes} bytes\n`;
};

/** Each path with the name it is stored under, every one checked before anything is sent. */
function localFiles(paths: string[], name: string | undefined, dryRun: boolean): { path: string; name: string }[] {
  if (name !== undefined && paths.length > 1) throw invalid('--name goes with a single file', 'Give one path with --name, or drop --name to use each file\'s own name.');
  if (paths.length > LIMITS.files) throw invalid(`${paths.length} files given; a project holds at most ${LIMITS.files}`, 'Add fewer files.');
  const files = paths.map((path) => ({ path, name: name ?? basename(path) }));
  for (const f of files) {
    const problem = fileNameProblem(f.name);
    if (problem) throw invalid(`${name !== undefined ? '--name' : f.path}: the file name ${problem}`, `Rename the file or give --name (${FILE_NAME_RULE}).`);
  }
  const twice = files.find((f, i) => files.findIndex((g) => g.name === f.name) !== i);
  if (twice) throw invalid(`two files would be stored as '${twice.name}'`, 'Give each file a distinct name.');
  // Under --dry-run no file is read, as with every other command.
  if (dryRun) return files;
  for (const f of files) {
    const problem = fileProblem(f.path);
    if (problem) throw invalid(`cannot read '${f.path}': ${problem}`, 'Check the path.');
    const size = statSync(f.path).size;
    if (size > LIMITS.fileBytes) throw invalid(`'${f.path}' is ${size} bytes; a project file must be at most ${LIMITS.fileBytes} bytes (10 MB)`, 'Use a smaller file.');
  }
  return files;
}

/** `project files add|list|remove`: files a frontend test may pick in the browser's file chooser. */
export function registerProjectFiles(group: Command, rt: Runtime): void {
  const files = group.command('files').description("files a frontend test may pick in the browser's file chooser ('Upload report.csv')");

  files
    .command('add <project-id> <path...>')
    .description('upload files (each under its own base name; the same name replaces it): at most 10 MB a file, 50 files and 100 MB a project')
    .option('--name <name>', `store a single file under this name (${FILE_NAME_RULE})`)
    .action(async (projectId: string, paths: string[], o) => {
      const dryRun = rt.globals().dryRun;
      const added: ProjectFile[] = [];
      for (const f of localFiles(paths, o.name, dryRun)) {
        const content = dryRun ? '' : readFileSync(f.path).toString('base64');
        try {
          added.push(await rt.exec(projectFilesPut, { projectId, name: f.name, content }));
        } catch (err) {
          if (added.length) rt.advise(`uploaded before the error: ${added.map((a) => a.name).join(', ')}`);
          throw err;
        }
      }
      rt.emit({ projectId, items: added }, renderFiles);
    });

  files
    .command('list <project-id>')
    .description('list the files by name (columns NAME, BYTES, SHA256, UPLOADED)')
    .action(async (projectId: string) => rt.emit(await rt.exec(projectFilesList, { projectId }), renderFiles));

  files
    .command('remove <project-id> <name>')
    .description('remove one file (name case-sensitive); a test that still picks it fails at that step')
    .action(async (projectId: string, name: string) => {
      const r = await rt.exec(projectFilesRemove, { projectId, name });
      rt.emit(r, (x) => `removed ${x.name} from project ${x.projectId}\n`);
    });
}
