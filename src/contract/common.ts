import { z } from 'zod';

export const Id = z.string().min(1).max(128);
export const Timestamp = z.string().describe('ISO 8601 timestamp (UTC)');
export const Surface = z.enum(['cli', 'mcp', 'portal', 'schedule', 'github_action']);
export type Surface = z.infer<typeof Surface>;
export const AuthorSurface = z.enum(['portal', 'mcp', 'cli']);

/** 1 to 256 printable ASCII characters (SPEC.md 8). */
export const IdempotencyKey = z
  .string()
  .min(1, 'idempotency key must be 1 to 256 ASCII characters')
  .max(256, 'idempotency key must be 1 to 256 ASCII characters')
  .regex(/^[\x20-\x7e]+$/, 'idempotency key must be printable ASCII');

export const PageSize = z.coerce.number().int().min(1).max(100);
export const PageQuery = z.object({
  pageSize: PageSize.default(25),
  startingToken: z.string().optional(),
});
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextToken: z.string().nullable() });
}

/** Opaque cursor tokens: base64url of a small JSON position. */
export function encodeToken(pos: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(pos)).toString('base64url');
}
export function decodeToken(token: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    return v && typeof v === 'object' ? v : null;
  } catch {
    return null;
  }
}
