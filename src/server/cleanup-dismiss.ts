import { SvcError } from '../contract/errors.js';
import type { DismissResult } from '../contract/batches.js';
import type { Surface } from '../contract/common.js';
import { nowIso } from '../util/ids.js';
import type { Db } from '../store/schema.js';

type Row = { resource_path: string; resource_id: string; source_endpoint: string; status: string };
const ref = (r: Row) => ({ resourcePath: r.resource_path, resourceId: r.resource_id, sourceEndpoint: r.source_endpoint });

/** The record a name points at: its resource path, or its ID when only one record of the batch has it. */
function pick(rows: Row[], name: string): Row | SvcError {
  const byPath = rows.filter((r) => r.resource_path === name);
  if (byPath.length) return byPath[0]!;
  const byId = rows.filter((r) => r.resource_id === name);
  if (byId.length === 1) return byId[0]!;
  if (byId.length > 1)
    return new SvcError('VALIDATION_ERROR', `resources: ID ${name} names ${byId.length} records (${byId.map((r) => r.resource_path).join(', ')})`, { nextAction: 'Name the record by its resource path.' });
  return new SvcError('NOT_FOUND', `resources: this batch captured no resource ${name}`, { nextAction: "List the batch's cleanup records (the Cleanup tab, or 'svc test run --wait' output) and use a resource path from it." });
}

/**
 * SPEC.md 3.6 rule 6: a 'Might be orphaned' row (a resource with no DELETE endpoint) can be deleted
 * by hand and dismissed. Every name is checked before anything changes. The resource is gone
 * for the whole project, so the same row of other batches (retained ones) is dismissed too, and
 * a later skip-dependencies rerun does not carry it again.
 */
export async function dismissOrphans(db: Db, batchId: string, projectId: string, names: string[], surface: Surface): Promise<DismissResult> {
  const rows: Row[] = await db.selectFrom('cleanup_records').select(['resource_path', 'resource_id', 'source_endpoint', 'status']).where('batch_id', '=', batchId).execute();
  const chosen = new Map<string, Row>();
  for (const name of names) {
    const r = pick(rows, name);
    if (r instanceof SvcError) throw r;
    if (r.status !== 'orphaned' && r.status !== 'dismissed')
      throw new SvcError('CONFLICT', `resources: ${r.resource_path} is not 'Might be orphaned' (its cleanup status is ${r.status})`, { nextAction: 'Only resources with no DELETE endpoint can be dismissed.' });
    chosen.set(r.resource_path, r);
  }
  const fresh = [...chosen.values()].filter((r) => r.status === 'orphaned');
  if (fresh.length) {
    await db
      .updateTable('cleanup_records')
      .set({ status: 'dismissed', response_body: `dismissed from ${surface}: deleted by hand`, finished_at: nowIso() })
      .where('project_id', '=', projectId)
      .where('status', '=', 'orphaned')
      .where('resource_path', 'in', fresh.map((r) => r.resource_path))
      .execute();
  }
  const dismissed = new Set(fresh.map((r) => r.resource_path));
  return {
    batchId,
    dismissed: fresh.map(ref),
    alreadyDismissed: [...chosen.values()].filter((r) => r.status === 'dismissed').map(ref),
    mightBeOrphaned: rows.filter((r) => r.status === 'orphaned' && !dismissed.has(r.resource_path)).map(ref),
  };
}
