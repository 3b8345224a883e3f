import { parseJson } from '../store/db.js';
import { executeBatch } from './batch.js';
import type { EngineContext } from './context.js';

/**
 * A series of batches executed one after another in one job (the replays of `test flaky`): a replay
 * must not overlap the one before it, or the two would race on the same target state. Resumable
 * like a single batch: after a crash the job is claimed again, finished batches are skipped
 * (executeBatch returns at once for them) and the interrupted one resumes.
 */
export async function executeSeries(ctx: EngineContext, firstBatchId: string, abort: AbortSignal): Promise<void> {
  const first = await ctx.store.db.selectFrom('batches').select(['options']).where('id', '=', firstBatchId).executeTakeFirst();
  if (!first) return;
  const ids = parseJson<{ series?: string[] }>(first.options, {}).series ?? [firstBatchId];
  for (const id of ids) {
    if (abort.aborted) return;
    await executeBatch(ctx, id, abort);
  }
}
