import type { Selectable } from 'kysely';
import type { AutoAuthConfig, CredentialType } from '../../contract/project-auth.js';
import { newId, nowIso } from '../../util/ids.js';
import { parseJson } from '../db.js';
import type { Db } from '../schema.js';
import type { ProjectsTable } from '../schema-projects.js';
import type { Secrets } from '../secrets.js';

export type ProjectRow = Selectable<ProjectsTable>;
export interface StoredCredential {
  type: CredentialType;
  value: string | null;
}

/** A project with its secrets decrypted. Only the server and the engine ever hold this. */
export interface ProjectData {
  id: string;
  userId: string;
  name: string;
  type: 'frontend' | 'backend';
  createdFrom: string;
  url: string | null;
  username: string | null;
  password: string | null;
  instruction: string | null;
  credential: StoredCredential | null;
  autoAuth: AutoAuthConfig | null;
  settings: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

export function decodeProject(r: ProjectRow, secrets: Secrets): ProjectData {
  const open = (v: string | null) => (v === null ? null : secrets.decrypt(v));
  return {
    id: r.id,
    userId: r.user_id,
    name: r.name,
    type: r.type,
    createdFrom: r.created_from,
    url: r.url,
    username: r.username,
    password: open(r.password),
    instruction: r.instruction,
    credential: parseJson<StoredCredential | null>(open(r.credential), null),
    autoAuth: parseJson<AutoAuthConfig | null>(open(r.auto_auth), null),
    settings: parseJson<Record<string, unknown>>(r.settings, {}),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export interface NewProject {
  userId: string;
  name: string;
  type: 'frontend' | 'backend';
  createdFrom: string;
  url?: string;
  username?: string;
  password?: string;
  instruction?: string;
}

export async function insertProject(db: Db, secrets: Secrets, p: NewProject): Promise<ProjectData> {
  const now = nowIso();
  const row: ProjectRow = {
    id: newId('prj'),
    user_id: p.userId,
    name: p.name,
    type: p.type,
    created_from: p.createdFrom,
    url: p.url ?? null,
    username: p.username ?? null,
    password: p.password === undefined ? null : secrets.encrypt(p.password),
    instruction: p.instruction ?? null,
    credential: null,
    auto_auth: null,
    settings: '{}',
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('projects').values(row).execute();
  return decodeProject(row, secrets);
}

/** The user's project, or undefined (another user's project is indistinguishable from none). */
export async function findProject(db: Db, secrets: Secrets, userId: string, id: string): Promise<ProjectData | undefined> {
  const r = await db.selectFrom('projects').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return r ? decodeProject(r, secrets) : undefined;
}

/** One page in id order (ids sort by creation time); `limit + 1` rows tell whether more exist. */
export async function listProjects(db: Db, secrets: Secrets, userId: string, o: { after?: string; limit: number }): Promise<{ items: ProjectData[]; more: boolean }> {
  let q = db.selectFrom('projects').selectAll().where('user_id', '=', userId);
  if (o.after) q = q.where('id', '>', o.after);
  const rows = await q.orderBy('id').limit(o.limit + 1).execute();
  return { items: rows.slice(0, o.limit).map((r) => decodeProject(r, secrets)), more: rows.length > o.limit };
}

export interface ProjectPatch {
  name?: string;
  url?: string;
  username?: string;
  password?: string;
  instruction?: string;
  credential?: StoredCredential | null;
  autoAuth?: AutoAuthConfig | null;
}

export async function updateProject(db: Db, secrets: Secrets, id: string, p: ProjectPatch): Promise<void> {
  const seal = (v: unknown) => (v === null ? null : secrets.encrypt(typeof v === 'string' ? v : JSON.stringify(v)));
  const set: Partial<ProjectRow> = { updated_at: nowIso() };
  if (p.name !== undefined) set.name = p.name;
  if (p.url !== undefined) set.url = p.url;
  if (p.username !== undefined) set.username = p.username;
  if (p.instruction !== undefined) set.instruction = p.instruction;
  if (p.password !== undefined) set.password = seal(p.password);
  if (p.credential !== undefined) set.credential = seal(p.credential);
  if (p.autoAuth !== undefined) set.auto_auth = seal(p.autoAuth);
  await db.updateTable('projects').set(set).where('id', '=', id).execute();
}

/** Deletes the project and its tests in one transaction; returns how many tests went with it. */
export async function deleteProject(db: Db, id: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const res = await trx.deleteFrom('tests').where('project_id', '=', id).executeTakeFirst();
    await trx.deleteFrom('projects').where('id', '=', id).execute();
    return Number(res.numDeletedRows);
  });
}

/** What a run needs to reach the target as the project's user: decrypted, for the engine only. */
export interface ProjectSecrets {
  projectId: string;
  type: 'frontend' | 'backend';
  url: string | null;
  username: string | null;
  password: string | null;
  credential: StoredCredential | null;
  /** null when none is stored or it is disabled. */
  autoAuth: AutoAuthConfig | null;
}

export async function getProjectSecrets(db: Db, secrets: Secrets, projectId: string): Promise<ProjectSecrets | undefined> {
  const r = await db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirst();
  if (!r) return undefined;
  const p = decodeProject(r, secrets);
  return {
    projectId: p.id,
    type: p.type,
    url: p.url,
    username: p.username,
    password: p.password,
    credential: p.credential,
    autoAuth: p.autoAuth?.enabled ? p.autoAuth : null,
  };
}

/** Merges keys into the project's settings JSON (undefined removes a key). */
export async function patchProjectSettings(db: Db, id: string, patch: Record<string, unknown>): Promise<void> {
  const r = await db.selectFrom('projects').select(['settings']).where('id', '=', id).executeTakeFirst();
  const settings = { ...parseJson<Record<string, unknown>>(r?.settings, {}), ...patch };
  for (const [k, v] of Object.entries(patch)) if (v === undefined) delete settings[k];
  await db.updateTable('projects').set({ settings: JSON.stringify(settings), updated_at: nowIso() }).where('id', '=', id).execute();
}
