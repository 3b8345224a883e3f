import { SvcError } from '../contract/errors.js';
import type { Db } from '../store/schema.js';
import { newId } from '../util/ids.js';

/** One run about to be created, as the ledger sees it. */
export interface ChargeItem {
  runId: string;
  type: string;
  replay: boolean;
}

export interface ChargeOutcome {
  /** Credits taken from the key's balance (0 when unmetered). */
  total: number;
  /** Credits per run id, for runs.credits. */
  perRun: Map<string, number>;
}

/**
 * The billing rule of SPEC.md 8: each triggered run costs `creditsPerRun`; a frontend replay
 * (saved script, no planning) is free. Pure, so the rule can be tested without a database.
 */
export function runCost(item: Pick<ChargeItem, 'type' | 'replay'>, creditsPerRun: number): number {
  if (item.type === 'frontend' && item.replay) return 0;
  return creditsPerRun;
}

/**
 * Charges the calling key for new runs and writes one usage row per run. Call it inside the
 * transaction that creates the runs: a refused charge throws INSUFFICIENT_CREDITS (exit 12) and the
 * transaction rolls back, so nothing is created. Unmetered keys (no balance set) are not charged,
 * but their runs are still recorded so `svc usage` can count them. The balance is decremented with
 * a guarded UPDATE (credits >= cost), so two concurrent triggers cannot overdraw it.
 */
export async function chargeRuns(trx: Db, o: { keyId: string; userId: string; items: ChargeItem[]; now: string }): Promise<ChargeOutcome> {
  const key = await trx.selectFrom('api_keys').select(['credits', 'credits_per_run']).where('id', '=', o.keyId).executeTakeFirst();
  const metered = key !== undefined && key.credits !== null;
  const perRunPrice = metered ? (key.credits_per_run ?? 1) : 0;
  const perRun = new Map(o.items.map((i) => [i.runId, runCost(i, perRunPrice)]));
  const total = [...perRun.values()].reduce((a, b) => a + b, 0);
  if (metered && total > 0) {
    const balance = Number(key.credits);
    const res = await trx.updateTable('api_keys').set((eb) => ({ credits: eb('credits', '-', total) })).where('id', '=', o.keyId).where('credits', '>=', total).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) {
      throw new SvcError('INSUFFICIENT_CREDITS', `insufficient credits: this trigger needs ${total} credit(s) (${o.items.length} run(s) at ${perRunPrice} each) and the key has ${balance}`, {
        nextAction: "Ask the operator to add credits to this key (svc-server keys create --credits N issues a funded key); 'svc usage' shows the balance.",
        details: { needed: total, balance, creditsPerRun: perRunPrice, runs: o.items.length },
      });
    }
  }
  if (o.items.length) {
    await trx
      .insertInto('usage')
      .values(o.items.map((i) => ({ id: newId('use'), key_id: o.keyId, user_id: o.userId, kind: i.type === 'frontend' && i.replay ? 'replay' : 'run', run_id: i.runId, credits: perRun.get(i.runId)!, created_at: o.now })))
      .execute();
  }
  return { total, perRun };
}
