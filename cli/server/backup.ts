import { join } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { SvcError } from '../../src/contract/errors.js';
import { ARTIFACTS_DIR } from '../../src/store/backup-manifest.js';
import { createBackup, isPostgresUrl, postgresRefusal, restoreBackup, type RestoreResult } from '../../src/store/backup.js';
import type { BackupManifest } from '../../src/store/backup-manifest.js';
import type { ArtifactStoreConfig } from '../../src/store/artifacts/artifact-store.js';
import { MIGRATIONS } from '../../src/store/migrations/index.js';
import { packageVersion } from '../../src/util/package-root.js';
import { addArtifactOptions, addStoreOptions, artifactOptions, storeOptions } from './common.js';

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

function outputArg(v: string): string {
  if (v !== 'text' && v !== 'json') throw new InvalidArgumentError("must be 'text' or 'json'");
  return v;
}

const KEY_WARNING =
  'WARNING: this backup holds the secret key: whoever has it can decrypt every stored credential (project passwords, static credentials, auto-auth secrets, webhook secrets). Keep it as safe as the key itself.';

function backupText(path: string, m: BackupManifest): string {
  const key = m.secretKey.included
    ? 'included'
    : m.secretKey.fingerprint
      ? `not included (fingerprint ${m.secretKey.fingerprint}): a restore needs the original secret.key or SVC_SECRET_KEY`
      : 'none existed';
  const art = m.artifacts.included ? `${m.artifacts.files} file(s), ${mb(m.artifacts.bytes)}` : 'not included';
  return `backup written to ${path}\nsvc ${m.svcVersion}, schema ${m.schema.level || '(empty)'}, ${mb(m.totalBytes)}\nsecret key: ${key}\nartifacts: ${art}\n`;
}

function restoreText(r: RestoreResult): string {
  const key = {
    match: 'the data dir has the key the credentials were encrypted with',
    mismatch: 'DIFFERENT from the one the credentials were encrypted with',
    missing: 'MISSING',
    'no-key-in-backup': 'no key existed when the backup was made',
  }[r.secretKey.status];
  return `restored ${r.from} (svc ${r.svcVersion}, ${r.createdAt}) into ${r.dataDir}\nschema ${r.schema.level || '(empty)'}${r.schema.relation === 'older' ? ' (the server applies newer migrations at start)' : ''}\nsecret key: ${r.secretKey.restored ? 'restored; ' : ''}${key}\nartifacts: ${r.artifacts.restored ? `${r.artifacts.files} file(s) into ${r.artifacts.dir}` : 'none in the backup'}\n`;
}

/** The data dir and artifact store of an embedded (SQLite) server; PostgreSQL is refused (exit 5). */
function embeddedStore(o: Record<string, unknown>, command: 'backup' | 'restore'): { dataDir: string; art: ArtifactStoreConfig | undefined; artifactsDir: string } {
  const store = storeOptions(o);
  if (isPostgresUrl(store.databaseUrl)) throw postgresRefusal(command);
  const art = artifactOptions(o);
  return { dataDir: store.dataDir, art, artifactsDir: (art?.kind === 'dir' ? art.dir : undefined) ?? join(store.dataDir, ARTIFACTS_DIR) };
}

/** `svc-server backup` / `restore` (README "Backups"): the embedded SQLite store only. */
export function registerBackup(program: Command, out: (s: string) => void, log: (s: string) => void): void {
  addArtifactOptions(addStoreOptions(program.command('backup')))
    .description('copy the SQLite database (online: the server may keep running) and a manifest into a new directory')
    .argument('<dir>', 'backup directory to create (must not exist)')
    .option('--with-key', 'also copy the secret key: the backup then decrypts every stored credential', false)
    .option('--with-artifacts', 'also copy run artifacts (screenshots, video, traces) of the artifact directory', false)
    .option('--output <mode>', 'text or json', outputArg, 'text')
    .action(async (dest: string, o) => {
      const { dataDir, art, artifactsDir } = embeddedStore(o, 'backup');
      if (o.withArtifacts && art?.kind === 's3') {
        throw new SvcError('VALIDATION_ERROR', 'backup --with-artifacts: artifacts are kept in an S3 bucket (--artifacts-s3 / SVC_ARTIFACTS_S3)', {
          nextAction: "Leave out --with-artifacts and back up the bucket with your object store's own tooling (versioning, replication, `aws s3 sync`).",
        });
      }
      const { path, manifest } = await createBackup({ dataDir, dest, withKey: o.withKey, artifactsDir: o.withArtifacts ? artifactsDir : undefined, svcVersion: packageVersion() });
      if (o.withKey) log(`${KEY_WARNING}\n`);
      out(o.output === 'json' ? `${JSON.stringify({ path, manifest }, null, 2)}\n` : backupText(path, manifest));
    });

  addArtifactOptions(addStoreOptions(program.command('restore')))
    .description('restore a backup directory into a data dir whose server is stopped')
    .argument('<dir>', 'backup directory written by svc-server backup')
    .option('--force', 'replace the database (and key and artifacts, when the backup has them) already in the data dir', false)
    .option('--output <mode>', 'text or json', outputArg, 'text')
    .action(async (from: string, o) => {
      const { dataDir, artifactsDir } = embeddedStore(o, 'restore');
      const r = await restoreBackup({ dataDir, from, force: o.force, artifactsDir, knownMigrations: Object.keys(MIGRATIONS) });
      for (const w of r.warnings) log(`warning: ${w}\n`);
      out(o.output === 'json' ? `${JSON.stringify(r, null, 2)}\n` : restoreText(r));
    });
}
