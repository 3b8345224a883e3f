import { z } from 'zod';
import { getMe, Identity } from '../contract/me.js';
import { defineOp, READ } from './op.js';

export const SAMPLE_IDENTITY: Identity = {
  userId: 'usr_0000000000sample',
  name: 'Sample User',
  email: 'sample@example.com',
  keyId: 'key_0000000000sample',
  env: 'self-hosted',
  scopes: ['read:me', 'read:projects', 'write:projects', 'read:tests', 'write:tests', 'run:tests'],
};

export const authStatus = defineOp({
  name: 'auth.status',
  title: 'Who am I',
  description: 'Identity of the configured API key: userId, name, email, keyId, env and scopes.',
  input: z.object({}),
  output: Identity,
  annotations: READ,
  sample: () => SAMPLE_IDENTITY,
  run: (ctx) => ctx.client().call(getMe),
});

/** Scopes whose absence `auth status` points out in its note: line. */
export function missingWorkScopes(scopes: readonly string[]): string[] {
  return ['write:projects', 'write:tests', 'run:tests'].filter((s) => !scopes.includes(s));
}
