import { SvcError } from '../contract/errors.js';
import { credentialsPath, readProfiles } from './credentials.js';

export const DEFAULT_API_URL = 'http://127.0.0.1:7788/api/v1';
export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;

export interface ConfigInput {
  profile?: string;
  endpointUrl?: string;
  /** Seconds, from --request-timeout. */
  requestTimeout?: number;
}

export type Source = 'flag' | 'env' | 'file' | 'default';

export interface ResolvedConfig {
  profile: string;
  profileSource: Source;
  /** The named profile's section exists in the credentials file. */
  profileExists: boolean;
  credentialsFile: string;
  apiKey: string | undefined;
  keySource: Source | undefined;
  apiUrl: string;
  urlSource: Source;
  requestTimeoutMs: number;
}

/** Resolution orders of SPEC.md 5: profile flag > SVC_PROFILE > default; key SVC_API_KEY > file. */
export function resolveConfig(input: ConfigInput, env: NodeJS.ProcessEnv = process.env): ResolvedConfig {
  const credentialsFile = credentialsPath(env);
  const [profile, profileSource]: [string, Source] = input.profile
    ? [input.profile, 'flag']
    : env.SVC_PROFILE
      ? [env.SVC_PROFILE, 'env']
      : ['default', 'default'];
  const section = readProfiles(credentialsFile)[profile];
  const [apiKey, keySource]: [string | undefined, Source | undefined] = env.SVC_API_KEY
    ? [env.SVC_API_KEY, 'env']
    : section?.api_key
      ? [section.api_key, 'file']
      : [undefined, undefined];
  const [rawUrl, urlSource]: [string, Source] = input.endpointUrl
    ? [input.endpointUrl, 'flag']
    : env.SVC_API_URL
      ? [env.SVC_API_URL, 'env']
      : section?.api_url
        ? [section.api_url, 'file']
        : [DEFAULT_API_URL, 'default'];
  return {
    profile,
    profileSource,
    profileExists: section !== undefined,
    credentialsFile,
    apiKey,
    keySource,
    apiUrl: normalizeApiUrl(rawUrl),
    urlSource,
    requestTimeoutMs: resolveTimeout(input.requestTimeout, env),
  };
}

export function normalizeApiUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new SvcError('VALIDATION_ERROR', `invalid API endpoint URL '${raw}'`, { nextAction: 'Pass --endpoint-url http(s)://HOST:PORT/api/v1 or set SVC_API_URL.' });
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new SvcError('VALIDATION_ERROR', `API endpoint must be http or https, got '${raw}'`, { nextAction: 'Pass --endpoint-url http(s)://HOST:PORT/api/v1.' });
  }
  return u.toString().replace(/\/+$/, '');
}

function resolveTimeout(seconds: number | undefined, env: NodeJS.ProcessEnv): number {
  if (seconds !== undefined) return seconds * 1000;
  const raw = env.SVC_REQUEST_TIMEOUT_MS;
  if (raw === undefined || raw === '') return DEFAULT_REQUEST_TIMEOUT_MS;
  const ms = Number(raw);
  if (!Number.isFinite(ms) || ms < 1000 || ms > 600_000) {
    throw new SvcError('VALIDATION_ERROR', `SVC_REQUEST_TIMEOUT_MS must be 1000 to 600000 milliseconds, got '${raw}'`, {
      nextAction: 'Fix or unset SVC_REQUEST_TIMEOUT_MS, or pass --request-timeout <seconds>.',
    });
  }
  return ms;
}

/** The rule of SPEC.md 5.5: a named profile that does not exist is a validation error. */
export function requireProfile(cfg: ResolvedConfig): void {
  if (!cfg.profileExists && cfg.profileSource !== 'default') {
    throw new SvcError('VALIDATION_ERROR', `profile '${cfg.profile}' not found in ${cfg.credentialsFile}`, {
      nextAction: `Create it with 'svc --profile ${cfg.profile} setup', or pick an existing profile.`,
    });
  }
}

export function requireKey(cfg: ResolvedConfig): string {
  requireProfile(cfg);
  if (!cfg.apiKey) {
    throw new SvcError('UNAUTHENTICATED', `no API key for profile '${cfg.profile}'`, {
      nextAction: "Run 'svc setup --api-key <key>' or set SVC_API_KEY.",
    });
  }
  return cfg.apiKey;
}
