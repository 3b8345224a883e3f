import { z } from 'zod';

/** Target-system credentials of a backend project (SPEC.md 2.1, 4.5, 5.10). */
export const CREDENTIAL_TYPES = ['public', 'Bearer token', 'API key', 'basic token'] as const;
export const CredentialType = z.enum(CREDENTIAL_TYPES, { error: `credential type must be one of: ${CREDENTIAL_TYPES.map((t) => `'${t}'`).join(', ')}` });
export type CredentialType = z.infer<typeof CredentialType>;

export const CredentialBody = z
  .object({
    type: CredentialType,
    value: z.string().min(1, 'credential value must not be empty').max(16_384).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.type !== 'public' && b.value === undefined) ctx.addIssue({ code: 'custom', path: ['value'], message: `a '${b.type}' credential needs a value (--credential or --credential-file)` });
    if (b.type === 'public' && b.value !== undefined) ctx.addIssue({ code: 'custom', path: ['value'], message: "a 'public' credential takes no value" });
  })
  .meta({ id: 'CredentialSet' });
export type CredentialBody = z.infer<typeof CredentialBody>;

export const CredentialView = z
  .object({ type: CredentialType, value: z.string().nullable().describe('Masked; null for public') })
  .meta({ id: 'Credential' });

export const AUTO_AUTH_METHODS = ['password', 'refresh_token', 'aws_cognito_refresh'] as const;
export const INJECT_TARGETS = ['bearer', 'header', 'cookie'] as const;

const Str = (max: number) => z.string().max(max);
/** Every setting of an auto-auth configuration: the flags of SPEC.md 4.5 in camelCase. */
const settings = {
  method: z.enum(AUTO_AUTH_METHODS, { error: `method must be one of ${AUTO_AUTH_METHODS.join(', ')}` }).describe('How a token is obtained: password (a login request), refresh_token (OAuth2) or aws_cognito_refresh'),
  inject: z.enum(INJECT_TARGETS, { error: `inject must be one of ${INJECT_TARGETS.join(', ')}` }).describe('Where the token goes on each request: bearer (Authorization header), header or cookie'),
  injectKey: z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,200}$/, 'inject key must be a valid header or cookie name').describe('Header or cookie name, with inject header or cookie'),
  loginUrl: Str(2048).describe('URL the password method signs in at'),
  loginMethod: z.enum(['POST', 'PUT'], { error: 'login method must be POST or PUT' }).describe('HTTP method of the login request'),
  loginContentType: Str(200).describe('Content type of the login request body'),
  loginBodyTemplate: Str(16_384).describe('Body with {{username}} and {{password}} placeholders'),
  username: Str(500).describe('Account the password method signs in with'),
  password: Str(4096).describe('Its password (stored encrypted, returned masked)'),
  tokenPath: Str(500).describe('JSONPath of the token in the login response, e.g. $.access_token'),
  tokenEndpoint: Str(2048).describe('OAuth2 token endpoint (refresh_token method)'),
  clientId: Str(500).describe('OAuth2 or Cognito app client id'),
  clientSecret: Str(4096).describe('OAuth2 client secret (stored encrypted, returned masked)'),
  refreshToken: Str(16_384).describe('Refresh token (stored encrypted, returned masked)'),
  scope: Str(1000).describe('OAuth2 scope to request'),
  region: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'region must look like us-east-1').describe('AWS region of the Cognito user pool (aws_cognito_refresh)'),
};
type Settings = typeof settings;
type SettingKey = keyof Settings;
/** Fields that are secrets: encrypted at rest, masked in every response. */
export const AUTO_AUTH_SECRETS = ['password', 'clientSecret', 'refreshToken'] as const;

export const AutoAuthBody = z
  .object({
    ...(Object.fromEntries(Object.entries(settings).map(([k, s]) => [k, s.optional()])) as { [K in SettingKey]: z.ZodOptional<Settings[K]> }),
    disable: z.boolean().optional().describe('Turn auto-auth off and keep the stored configuration'),
  })
  .meta({ id: 'AutoAuthSet' });
export type AutoAuthBody = z.infer<typeof AutoAuthBody>;

/** The stored (decrypted) configuration. */
export type AutoAuthConfig = Omit<AutoAuthBody, 'disable' | 'method' | 'inject'> & {
  enabled: boolean;
  method: NonNullable<AutoAuthBody['method']>;
  inject: NonNullable<AutoAuthBody['inject']>;
};

/** Every setting shown as text; secrets arrive masked. */
export const AutoAuthView = z
  .object({
    enabled: z.boolean(),
    method: settings.method,
    inject: settings.inject,
    ...(Object.fromEntries(Object.keys(settings).filter((k) => k !== 'method' && k !== 'inject').map((k) => [k, z.string().optional()])) as {
      [K in Exclude<SettingKey, 'method' | 'inject'>]: z.ZodOptional<z.ZodString>;
    }),
  })
  .meta({ id: 'AutoAuth', description: 'Auto-auth configuration with secrets masked' });
export type AutoAuthView = z.infer<typeof AutoAuthView>;

const REQUIRED: Record<(typeof AUTO_AUTH_METHODS)[number], SettingKey[]> = {
  password: ['loginUrl', 'username', 'password'],
  refresh_token: ['tokenEndpoint', 'clientId', 'refreshToken'],
  aws_cognito_refresh: ['region', 'clientId', 'refreshToken'],
};
const FLAG: Record<string, string> = {
  loginUrl: '--login-url', username: '--username', password: '--password or --password-file', tokenEndpoint: '--token-endpoint',
  clientId: '--client-id', refreshToken: '--refresh-token or --refresh-token-file', region: '--region', injectKey: '--inject-key',
};

/** What an enabled configuration still lacks, as user-facing messages naming the flags. */
export function autoAuthProblems(c: Partial<AutoAuthConfig>): string[] {
  const out: string[] = [];
  if (!c.method) out.push('--method is required (password, refresh_token or aws_cognito_refresh)');
  if (!c.inject) out.push('--inject is required (bearer, header or cookie)');
  if (c.method) for (const k of REQUIRED[c.method]) if (!c[k]) out.push(`method '${c.method}' needs ${FLAG[k]}`);
  if ((c.inject === 'header' || c.inject === 'cookie') && !c.injectKey) out.push(`inject '${c.inject}' needs --inject-key (the ${c.inject} name)`);
  return out;
}

/** Shows the last 4 characters of a long secret, nothing of a short one. */
export function maskSecret(s: string): string {
  return s.length >= 12 ? `****${s.slice(-4)}` : '****';
}

/** Settings a method falls back to when not given; stored explicitly so the engine needs no guesswork. */
export function autoAuthDefaults(method: AutoAuthConfig['method']): Partial<AutoAuthConfig> {
  if (method === 'password') {
    return {
      loginMethod: 'POST',
      loginContentType: 'application/json',
      loginBodyTemplate: '{"username":"{{username}}","password":"{{password}}"}',
      tokenPath: '$.access_token',
    };
  }
  if (method === 'aws_cognito_refresh') return { tokenPath: '$.AuthenticationResult.AccessToken' };
  return { tokenPath: '$.access_token' };
}
