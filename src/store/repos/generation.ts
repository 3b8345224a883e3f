import type { Insertable, Selectable } from 'kysely';
import { nowIso } from '../../util/ids.js';
import type { Db } from '../schema.js';
import type { ExplorationsTable, PlanCasesTable, ProjectSpecsTable } from '../schema-generation.js';

export type SpecsRow = Selectable<ProjectSpecsTable>;
export type SpecsPatch = Partial<Omit<ProjectSpecsTable, 'project_id' | 'updated_at'>>;
export type ExplorationRow = Selectable<ExplorationsTable>;
export type PlanCaseRow = Selectable<PlanCasesTable>;

export async function getSpecs(db: Db, projectId: string): Promise<SpecsRow | undefined> {
  return db.selectFrom('project_specs').selectAll().where('project_id', '=', projectId).executeTakeFirst();
}

/** Insert or update the project's generation state; untouched columns keep their values. */
export async function patchSpecs(db: Db, projectId: string, patch: SpecsPatch): Promise<SpecsRow> {
  const updated_at = nowIso();
  const row: Insertable<ProjectSpecsTable> = { project_id: projectId, updated_at, ...patch };
  await db
    .insertInto('project_specs')
    .values(row)
    .onConflict((oc) => oc.column('project_id').doUpdateSet({ ...patch, updated_at }))
    .execute();
  return (await getSpecs(db, projectId))!;
}

export async function insertExploration(db: Db, row: ExplorationRow): Promise<void> {
  await db.insertInto('explorations').values(row).execute();
}

export async function updateExploration(db: Db, id: string, patch: Partial<Omit<ExplorationRow, 'id' | 'project_id' | 'user_id'>>): Promise<void> {
  await db.updateTable('explorations').set(patch).where('id', '=', id).execute();
}

export async function findExploration(db: Db, projectId: string, id: string): Promise<ExplorationRow | undefined> {
  return db.selectFrom('explorations').selectAll().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
}

/** Every exploration of the project, oldest first (ids sort by creation time). */
export async function listExplorations(db: Db, projectId: string): Promise<ExplorationRow[]> {
  return db.selectFrom('explorations').selectAll().where('project_id', '=', projectId).orderBy('created_at').orderBy('id').execute();
}

export async function listPlanCases(db: Db, projectId: string): Promise<PlanCaseRow[]> {
  return db.selectFrom('plan_cases').selectAll().where('project_id', '=', projectId).orderBy('position').execute();
}

export interface NewPlanCase {
  id: string;
  data: unknown;
  selected: boolean;
  testId: string | null;
}

/** Replaces the whole plan in one transaction (generate). */
export async function replacePlanCases(db: Db, projectId: string, type: string, cases: NewPlanCase[]): Promise<void> {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('plan_cases').where('project_id', '=', projectId).execute();
    for (let i = 0; i < cases.length; i += 200) {
      const chunk = cases.slice(i, i + 200).map((c, j) => ({
        project_id: projectId, id: c.id, position: i + j, type, data: JSON.stringify(c.data),
        selected: c.selected ? 1 : 0, test_id: c.testId, created_at: now, updated_at: now,
      }));
      if (chunk.length) await trx.insertInto('plan_cases').values(chunk).execute();
    }
  });
}

export async function updatePlanCase(db: Db, projectId: string, id: string, patch: { data?: unknown; selected?: boolean; testId?: string | null }): Promise<void> {
  const set: Partial<PlanCaseRow> = { updated_at: nowIso() };
  if (patch.data !== undefined) set.data = JSON.stringify(patch.data);
  if (patch.selected !== undefined) set.selected = patch.selected ? 1 : 0;
  if (patch.testId !== undefined) set.test_id = patch.testId;
  await db.updateTable('plan_cases').set(set).where('project_id', '=', projectId).where('id', '=', id).execute();
}
