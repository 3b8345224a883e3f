import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { SvcError } from '../../../src/contract/errors.js';
import { MAX_PRD_BYTES } from '../../../src/contract/generation.js';
import { projectPrdPut } from '../../../src/ops/project-prd-put.js';
import type { Runtime } from '../../runtime.js';
import { renderFeatureMap } from './render-generation.js';

/** Reads the PRD as bytes: a PDF travels as base64, text as UTF-8. */
function readPrd(path: string): { filename: string; content: string; encoding: 'utf8' | 'base64' } {
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) throw new Error('not a file');
    size = st.size;
  } catch {
    throw new SvcError('VALIDATION_ERROR', `--file: cannot read '${path}'`, { nextAction: 'Check the path given to --file.' });
  }
  if (size > MAX_PRD_BYTES) throw new SvcError('VALIDATION_ERROR', `--file: '${path}' is ${size} bytes; the limit is ${MAX_PRD_BYTES} bytes (4 MB)`, { nextAction: 'Upload the requirements part only.' });
  const buf = readFileSync(path);
  const pdf = /\.pdf$/i.test(path) || buf.subarray(0, 5).toString('latin1') === '%PDF-';
  return { filename: basename(path), content: pdf ? buf.toString('base64') : buf.toString('utf8'), encoding: pdf ? 'base64' : 'utf8' };
}

export function registerProjectPrd(group: Command, rt: Runtime): void {
  const prd = group.command('prd').description("a project's product requirements document (optional, recommended)");
  prd
    .command('put <project-id>')
    .description('upload (replace) the PRD — Markdown, text or PDF, at most 4 MB — and extract the feature map')
    .requiredOption('--file <path>', 'the PRD file (.md, .txt or .pdf)')
    .action(async (projectId: string, o) => {
      const file = rt.globals().dryRun ? { filename: 'prd.md', content: '# PRD', encoding: 'utf8' as const } : readPrd(o.file);
      rt.emit(await rt.exec(projectPrdPut, { projectId, ...file }), renderFeatureMap);
    });
}
