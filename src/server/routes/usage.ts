import { getUsage, type UsageLedger } from '../../contract/usage.js';
import type { RouteRegistrar } from '../routes.js';

/** The usage ledger of the calling key, this calendar month (UTC). */
export const registerUsage: RouteRegistrar = (app, { mount }) => {
  mount(app, getUsage, async ({ auth, deps }): Promise<UsageLedger> => {
    const now = new Date();
    const periodStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    const rows = await deps.store.db.selectFrom('usage').selectAll().where('key_id', '=', auth.keyId).where('created_at', '>=', periodStart).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    const net = rows.reduce((sum, r) => sum + (r.kind === 'refund' ? -Number(r.credits) : Number(r.credits)), 0);
    return {
      keyId: auth.keyId,
      periodStart,
      runsThisMonth: rows.filter((r) => r.kind === 'run' || r.kind === 'replay').length,
      replaysThisMonth: rows.filter((r) => r.kind === 'replay').length,
      creditsUsedThisMonth: net,
      recent: rows.slice(0, 20).map((r) => ({ runId: r.run_id, kind: r.kind, credits: Number(r.credits), createdAt: r.created_at })),
    };
  });
};
