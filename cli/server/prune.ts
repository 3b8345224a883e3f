import { InvalidArgumentError, type Command } from 'commander';
import { SvcError } from '../../src/contract/errors.js';
import { renderTable } from '../../src/output/table.js';
import { prune, type PruneReport } from '../../src/server/retention.js';
import { retentionEnabled } from '../../src/server/retention-select.js';
import { migrate, openStore } from '../../src/store/db.js';
import { addArtifactOptions, addRetentionOptions, addStoreOptions, artifactOptions, retentionOptions, storeOptions } from './common.js';

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

function text(r: PruneReport): string {
  const rows = r.batches.map((b) => [b.batchId, b.projectId, b.kind, b.createdAt, b.runs, b.calls, `${b.artifactFiles} (${mb(b.artifactBytes)})`, b.reason === 'age' ? `older than ${r.policy.days} d` : `beyond ${r.policy.batchesPerProject} per project`]);
  const table = rows.length ? renderTable(['BATCH', 'PROJECT', 'KIND', 'CREATED', 'RUNS', 'CALLS', 'ARTIFACTS', 'REASON'], rows) : '';
  const t = r.totals;
  const verb = r.dryRun ? 'Would prune' : 'Pruned';
  const kept = Object.entries(r.kept).filter(([, n]) => n > 0).map(([why, n]) => `${n} ${why}`).join(', ');
  return `${table}${verb} ${t.batches} batch(es): ${t.runs} run(s), ${t.calls} recorded call(s), ${t.artifactFiles} artifact file(s) (${mb(t.artifactBytes)}).\nKept although old: ${kept || 'none'}.\n`;
}

/** `svc-server prune`: the retention pass now, against the data dir or database, or its listing with --dry-run. */
export function registerPrune(program: Command, out: (s: string) => void): void {
  addArtifactOptions(addRetentionOptions(addStoreOptions(program.command('prune'))))
    .description('delete old batches, runs, recorded calls and artifacts now (the server does it in the background when retention is on)')
    .option('--dry-run', 'list what would be pruned; delete nothing', false)
    .option('--output <mode>', 'text or json', (v: string) => {
      if (v !== 'text' && v !== 'json') throw new InvalidArgumentError("must be 'text' or 'json'");
      return v;
    }, 'text')
    .action(async (o) => {
      const policy = retentionOptions(o);
      if (!retentionEnabled(policy)) {
        throw new SvcError('VALIDATION_ERROR', 'prune: no retention rule given', { nextAction: 'Give --retention-days N and/or --retention-batches-per-project N (or set SVC_RETENTION_DAYS / SVC_RETENTION_BATCHES_PER_PROJECT).' });
      }
      const store = openStore({ ...storeOptions(o), artifacts: artifactOptions(o) });
      try {
        await migrate(store);
        const report = await prune(store, policy, { dryRun: o.dryRun });
        out(o.output === 'json' ? `${JSON.stringify(report, null, 2)}\n` : text(report));
      } finally {
        await store.close();
      }
    });
}
