import { AuthorSurface, type Surface } from '../contract/common.js';
import { AUTO_AUTH_SECRETS, maskSecret, type AutoAuthConfig, type AutoAuthView } from '../contract/project-auth.js';
import type { Project } from '../contract/projects.js';
import { SvcError } from '../contract/errors.js';
import { findProject, type ProjectData } from '../store/repos/projects.js';
import { loadSecrets, type Secrets } from '../store/secrets.js';
import type { ServerDeps } from './context.js';

/** The deployment's secrets box (key from SVC_SECRET_KEY or the data dir's secret.key). */
export function secretsOf(deps: ServerDeps): Secrets {
  return loadSecrets(deps.store.dataDir);
}

/** `createdFrom` records the author surface; schedule and CI triggers are not authors. */
export function authorOf(surface: Surface): 'cli' | 'mcp' | 'portal' {
  const r = AuthorSurface.safeParse(surface);
  return r.success ? r.data : 'portal';
}

/** The caller's project or a 404 (another user's project looks exactly like a missing one). */
export async function ownProject(deps: ServerDeps, userId: string, projectId: string): Promise<ProjectData> {
  const p = await findProject(deps.store.db, secretsOf(deps), userId, projectId);
  if (!p) {
    throw new SvcError('NOT_FOUND', `project '${projectId}' not found`, { nextAction: "List your projects with 'svc project list'." });
  }
  return p;
}

export function autoAuthView(a: AutoAuthConfig): AutoAuthView {
  const v: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(a)) {
    if (val === undefined) continue;
    v[k] = (AUTO_AUTH_SECRETS as readonly string[]).includes(k) ? maskSecret(String(val)) : val;
  }
  return v as AutoAuthView;
}

export function projectView(p: ProjectData, publicUrl: string): Project {
  return {
    id: p.id,
    name: p.name,
    type: p.type,
    createdFrom: authorOf(p.createdFrom as Surface),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    url: p.url,
    username: p.username,
    password: p.password === null ? null : maskSecret(p.password),
    instruction: p.instruction,
    credential: p.credential ? { type: p.credential.type, value: p.credential.value === null ? null : maskSecret(p.credential.value) } : null,
    autoAuth: p.autoAuth ? autoAuthView(p.autoAuth) : null,
    dashboardUrl: `${publicUrl}/portal/projects/${p.id}`,
  };
}
