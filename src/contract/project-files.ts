import { z } from 'zod';
import { Id, Timestamp } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * Project files: what a frontend test may pick in the browser's file chooser ("Upload report.csv").
 * Stored in the artifact store under `projects/<projectId>/files/<name>`; every run of the project
 * gets them in a directory of their own. Backend projects may hold files too, though nothing uses them.
 */
export const PROJECT_FILE_LIMITS = {
  /** One file, decoded. */
  fileBytes: 10 * 1024 * 1024,
  files: 50,
  /** All of a project's files together. */
  totalBytes: 100 * 1024 * 1024,
} as const;

/** The request body of the largest file: base64 (4/3) plus the JSON around it. */
export const PROJECT_FILE_BODY_BYTES = Math.ceil((PROJECT_FILE_LIMITS.fileBytes * 4) / 3) + 64 * 1024;

export const FILE_NAME_RULE = '1-200 characters: letters, digits, space and . _ - ( ) +; no leading dot, no ".."';

/** Why a name is not a plain file name, or null when it is one. Shared by the server and the CLI's local check. */
export function fileNameProblem(name: string): string | null {
  if (name.length < 1 || name.length > 200) return `'${name.slice(0, 40)}${name.length > 40 ? '…' : ''}' must be 1-200 characters long`;
  if (/[/\\]/.test(name)) return `'${name}' contains a slash: give a plain file name, not a path`;
  if (name.startsWith('.')) return `'${name}' starts with a dot`;
  if (name.includes('..')) return `'${name}' contains '..'`;
  if (!/^[A-Za-z0-9 ._\-()+]+$/.test(name)) return `'${name}' has characters other than letters, digits, space and . _ - ( ) +`;
  return null;
}

export const FileName = z
  .string()
  .superRefine((s, ctx) => {
    const problem = fileNameProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: `${problem} (${FILE_NAME_RULE})` });
  })
  .describe('Plain file name, case-sensitive');

export const ProjectFile = z
  .object({
    name: z.string(),
    bytes: z.number().int(),
    sha256: z.string().describe('Hex SHA-256 of the content'),
    uploadedAt: Timestamp,
  })
  .meta({ id: 'ProjectFile' });
export type ProjectFile = z.infer<typeof ProjectFile>;

export const ProjectFileList = z
  .object({
    projectId: z.string(),
    items: z.array(ProjectFile).describe('By name'),
    totalBytes: z.number().int(),
  })
  .meta({ id: 'ProjectFileList' });
export type ProjectFileList = z.infer<typeof ProjectFileList>;

export const ProjectFileRemoved = z
  .object({ projectId: z.string(), name: z.string(), deleted: z.literal(true) })
  .meta({ id: 'ProjectFileRemoved' });
export type ProjectFileRemoved = z.infer<typeof ProjectFileRemoved>;

export const ProjectFilePutBody = z
  .object({
    content: z
      .string()
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'content must be base64 (standard alphabet)')
      .refine((s) => s.length % 4 !== 1, 'content must be base64 (it is cut short)')
      .describe('The file, base64-encoded (at most 10 MB decoded)'),
  })
  .meta({ id: 'ProjectFilePut' });
export type ProjectFilePutBody = z.infer<typeof ProjectFilePutBody>;

const byId = z.object({ projectId: Id });
const byName = z.object({ projectId: Id, name: FileName });
const tag = 'files';

export const putProjectFile = endpoint({
  id: 'project.files-put', method: 'PUT', path: '/projects/{projectId}/files/{name}', tag, scope: 'write:projects',
  summary: "Add or replace a file a frontend test may pick in the browser's file chooser (at most 10 MB; 50 files and 100 MB a project)",
  params: byName, body: ProjectFilePutBody, response: ProjectFile, idempotent: true,
});

export const listProjectFiles = endpoint({
  id: 'project.files-list', method: 'GET', path: '/projects/{projectId}/files', tag, scope: 'read:projects',
  summary: "The project's files for frontend file choosers, by name",
  params: byId, response: ProjectFileList,
});

export const removeProjectFile = endpoint({
  id: 'project.files-remove', method: 'DELETE', path: '/projects/{projectId}/files/{name}', tag, scope: 'write:projects',
  summary: 'Remove one of the files frontend tests pick in file choosers',
  params: byName, response: ProjectFileRemoved,
});

export const PROJECT_FILE_ENDPOINTS = [putProjectFile, listProjectFiles, removeProjectFile];
