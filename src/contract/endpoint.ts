import type { z } from 'zod';

/** Scopes a key can carry (DESIGN.md 4). New keys get all of them. */
export const SCOPES = ['read:me', 'read:projects', 'write:projects', 'read:tests', 'write:tests', 'run:tests'] as const;
export type Scope = (typeof SCOPES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP operation of the API, declared once. The server validates requests with these schemas,
 * the OpenAPI document is generated from them and the client uses them to build calls, so the three
 * cannot drift apart.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  id: string;
  method: HttpMethod;
  /** OpenAPI-style template relative to /api/v1, e.g. /projects/{projectId}. */
  path: string;
  summary: string;
  tag: string;
  /** null: no key needed. */
  scope: Scope | null;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** HTTP status of success, default 200. */
  status?: number;
  /** Accepts an Idempotency-Key header (creates and triggers). */
  idempotent?: boolean;
  /** Counts against the per-key trigger rate (60/min). */
  trigger?: boolean;
}

export function endpoint<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  e: Endpoint<P, Q, B, R>,
): Endpoint<P, Q, B, R> {
  return e;
}

export type ParamsOf<E> = E extends Endpoint<infer P, any, any, any> ? z.infer<P> : never;
export type QueryOf<E> = E extends Endpoint<any, infer Q, any, any> ? z.input<Q> : never;
export type BodyOf<E> = E extends Endpoint<any, any, infer B, any> ? z.input<B> : never;
export type ResponseOf<E> = E extends Endpoint<any, any, any, infer R> ? z.infer<R> : never;

/** Fills /a/{b} from params, encoding each value. */
export function fillPath(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined || v === null || v === '') throw new Error(`missing path parameter ${k}`);
    return encodeURIComponent(String(v));
  });
}
