import { SvcError } from '../../contract/errors.js';
import { listProjectFiles as listFilesEndpoint, PROJECT_FILE_LIMITS as LIMITS, putProjectFile as putFileEndpoint, removeProjectFile as removeFileEndpoint } from '../../contract/project-files.js';
import { listProjectFiles, putProjectFile, removeProjectFile, storedFiles } from '../../store/project-files.js';
import { ownProject } from '../project-view.js';
import type { RouteRegistrar } from '../routes.js';

const MB = 1024 * 1024;
const listHint = (projectId: string) => `List them with 'svc project files list ${projectId}' and remove what the tests no longer pick ('svc project files remove ${projectId} <name>').`;

/** Files a frontend test may pick in a file chooser: add or replace, list, remove (README "Project files"). */
export const registerProjectFiles: RouteRegistrar = (app, { mount }) => {
  mount(app, putFileEndpoint, async ({ params, body, auth, deps }) => {
    const p = await ownProject(deps, auth.userId, params.projectId);
    const content = Buffer.from(body.content, 'base64');
    if (content.length > LIMITS.fileBytes) {
      throw new SvcError('PAYLOAD_TOO_LARGE', `${params.name} is ${content.length} bytes; a project file must be at most ${LIMITS.fileBytes} bytes (10 MB)`, {
        nextAction: 'Upload a smaller file: a file chooser test rarely needs more than a small sample.',
      });
    }
    const store = deps.store.artifacts;
    // Sizes from the store's listing: the limits need no file records read.
    const others = (await storedFiles(store, p.id)).filter((f) => f.name !== params.name);
    if (others.length >= LIMITS.files) {
      throw new SvcError('VALIDATION_ERROR', `project ${p.id} already holds ${others.length} files; the limit is ${LIMITS.files}`, { nextAction: listHint(p.id) });
    }
    const total = others.reduce((n, f) => n + f.size, 0) + content.length;
    if (total > LIMITS.totalBytes) {
      throw new SvcError('PAYLOAD_TOO_LARGE', `with ${params.name} the project's files would take ${total} bytes; the limit is ${LIMITS.totalBytes / MB} MB a project`, { nextAction: listHint(p.id) });
    }
    return putProjectFile(store, p.id, params.name, content);
  });

  mount(app, listFilesEndpoint, async ({ params, auth, deps }) => {
    const p = await ownProject(deps, auth.userId, params.projectId);
    const items = await listProjectFiles(deps.store.artifacts, p.id);
    return { projectId: p.id, items, totalBytes: items.reduce((n, f) => n + f.bytes, 0) };
  });

  mount(app, removeFileEndpoint, async ({ params, auth, deps }) => {
    const p = await ownProject(deps, auth.userId, params.projectId);
    if (!(await removeProjectFile(deps.store.artifacts, p.id, params.name))) {
      throw new SvcError('NOT_FOUND', `project ${p.id} has no file '${params.name}' (names are case-sensitive)`, { nextAction: `List the project's files with 'svc project files list ${p.id}'.` });
    }
    return { projectId: p.id, name: params.name, deleted: true as const };
  });
};
