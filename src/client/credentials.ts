import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import ini from 'ini';
import { randomBytes } from 'node:crypto';

export type Profiles = Record<string, Record<string, string>>;

/** ~/.svc/credentials; HOME is honoured so tests (and containers) can relocate it. */
export function credentialsPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.HOME || homedir(), '.svc', 'credentials');
}

export function readProfiles(file: string): Profiles {
  if (!existsSync(file)) return {};
  const parsed = ini.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const out: Profiles = {};
  for (const [name, section] of Object.entries(parsed)) {
    if (section && typeof section === 'object') {
      out[name] = Object.fromEntries(Object.entries(section).map(([k, v]) => [k, String(v)]));
    }
  }
  return out;
}

/** Writes the whole file atomically (temp file + rename) with 0700 dir and 0600 file. */
export function writeProfiles(file: string, profiles: Profiles): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const text = Object.entries(profiles)
    .map(([name, fields]) => `[${name}]\n${Object.entries(fields).map(([k, v]) => `${k} = ${v}`).join('\n')}\n`)
    .join('\n');
  const tmp = join(dir, `.credentials.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  writeFileSync(tmp, text, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

export function setProfile(file: string, name: string, fields: Record<string, string>): void {
  const all = readProfiles(file);
  all[name] = { ...fields };
  writeProfiles(file, all);
}

export function removeProfile(file: string, name: string): boolean {
  const all = readProfiles(file);
  if (!(name in all)) return false;
  delete all[name];
  writeProfiles(file, all);
  return true;
}
