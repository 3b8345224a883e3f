import type { Selectable } from 'kysely';
import { newId, nowIso } from '../../util/ids.js';
import type { Db } from '../schema.js';
import type { TestsTable } from '../schema-projects.js';

export type TestRow = Selectable<TestsTable> & { project_name?: string };

export interface NewTest {
  projectId: string;
  userId: string;
  name: string;
  type: 'frontend' | 'backend';
  createdFrom: string;
  description?: string;
  priority?: string;
  planSteps?: unknown[];
  code?: string;
  produces?: string[];
  consumes?: string[];
  category?: string;
}

function toRow(t: NewTest, now: string): Selectable<TestsTable> {
  return {
    id: newId('tst'),
    project_id: t.projectId,
    user_id: t.userId,
    name: t.name,
    type: t.type,
    created_from: t.createdFrom,
    // A new test has its code or plan steps, so it can run at once.
    status: 'ready',
    description: t.description ?? null,
    priority: t.priority ?? null,
    plan_steps: t.planSteps ? JSON.stringify(t.planSteps) : null,
    code: t.code ?? null,
    code_version: 1,
    produces: JSON.stringify(t.produces ?? []),
    consumes: JSON.stringify(t.consumes ?? []),
    category: t.category ?? null,
    resolved_script: null,
    last_run_id: null,
    created_at: now,
    updated_at: now,
  };
}

/** Inserts all tests in one transaction (a batch is all or nothing); returns rows in input order. */
export async function insertTests(db: Db, tests: NewTest[]): Promise<TestRow[]> {
  const now = nowIso();
  const rows = tests.map((t) => toRow(t, now));
  await db.transaction().execute(async (trx) => {
    for (const r of rows) await trx.insertInto('tests').values(r).execute();
  });
  return rows;
}

function withProject(db: Db) {
  return db.selectFrom('tests').innerJoin('projects', 'projects.id', 'tests.project_id').selectAll('tests').select('projects.name as project_name');
}

export async function findTest(db: Db, userId: string, id: string): Promise<TestRow | undefined> {
  return withProject(db).where('tests.id', '=', id).where('tests.user_id', '=', userId).executeTakeFirst();
}

export interface TestFilter {
  projectId: string;
  type?: string;
  createdFrom?: string;
  status?: string[];
  after?: string;
  limit: number;
}

export async function listTests(db: Db, userId: string, f: TestFilter): Promise<{ items: TestRow[]; more: boolean }> {
  let q = withProject(db).where('tests.project_id', '=', f.projectId).where('tests.user_id', '=', userId);
  if (f.type) q = q.where('tests.type', '=', f.type as TestRow['type']);
  if (f.createdFrom) q = q.where('tests.created_from', '=', f.createdFrom);
  if (f.status?.length) q = q.where('tests.status', 'in', f.status);
  if (f.after) q = q.where('tests.id', '>', f.after);
  const rows = await q.orderBy('tests.id').limit(f.limit + 1).execute();
  return { items: rows.slice(0, f.limit), more: rows.length > f.limit };
}

export interface TestPatch {
  name?: string;
  description?: string;
  priority?: string;
  produces?: string[];
  consumes?: string[];
  category?: string;
}

export async function updateTest(db: Db, id: string, p: TestPatch): Promise<void> {
  const set: Partial<Selectable<TestsTable>> = { updated_at: nowIso() };
  if (p.name !== undefined) set.name = p.name;
  if (p.description !== undefined) set.description = p.description;
  if (p.priority !== undefined) set.priority = p.priority;
  if (p.produces !== undefined) set.produces = JSON.stringify(p.produces);
  if (p.consumes !== undefined) set.consumes = JSON.stringify(p.consumes);
  if (p.category !== undefined) set.category = p.category;
  await db.updateTable('tests').set(set).where('id', '=', id).execute();
}

export async function deleteTest(db: Db, id: string): Promise<boolean> {
  const r = await db.deleteFrom('tests').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

type Written = { codeVersion: number; updatedAt: string };

/**
 * Writes test content and bumps codeVersion. With `expected`, the write happens only if the stored
 * version still equals it (one statement, so two writers cannot both win); returns the new version,
 * or null when the expectation failed.
 */
async function writeVersioned(db: Db, id: string, content: { code: string } | { plan_steps: string; resolved_script: null }, expected?: number): Promise<Written | null> {
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    let q = trx
      .updateTable('tests')
      .set((eb) => ({ ...content, code_version: eb('code_version', '+', 1), updated_at: now }))
      .where('id', '=', id);
    if (expected !== undefined) q = q.where('code_version', '=', expected);
    const r = await q.executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return null;
    const row = await trx.selectFrom('tests').select('code_version').where('id', '=', id).executeTakeFirstOrThrow();
    return { codeVersion: row.code_version, updatedAt: now };
  });
}

/** Replaces the code (guarded by `expected` as writeVersioned says). */
export function putCode(db: Db, id: string, code: string, expected?: number): Promise<Written | null> {
  return writeVersioned(db, id, { code }, expected);
}

/** Replaces the plan; a saved resolved script no longer matches it, so it is dropped. */
export async function putPlan(db: Db, id: string, planSteps: unknown[], expected: number): Promise<Written | null>;
export async function putPlan(db: Db, id: string, planSteps: unknown[]): Promise<Written>;
export async function putPlan(db: Db, id: string, planSteps: unknown[], expected?: number): Promise<Written | null> {
  return writeVersioned(db, id, { plan_steps: JSON.stringify(planSteps), resolved_script: null }, expected);
}
