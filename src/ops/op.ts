import type { z } from 'zod';
import type { ApiClient, Logger } from '../client/http.js';
import type { ResolvedConfig } from '../client/config.js';

export interface Progress {
  /** Live progress of long work (wait/poll); the CLI draws it on stderr, MCP sends notifications. */
  (p: { message: string; progress?: number; total?: number }): void;
}

/** What an op may use. Built by the CLI runtime or the MCP server; tests pass their own. */
export interface OpContext {
  /** The API client for the resolved profile; throws the auth error when no key is configured. */
  client(): ApiClient;
  config(): ResolvedConfig;
  /** Who calls: names in messages (flags for the CLI, fields elsewhere) and default paging follow it. */
  surface: 'cli' | 'mcp' | 'portal';
  log: Logger;
  /** Lines for stderr such as '[advisory] …'. */
  advise(msg: string): void;
  progress?: Progress;
  signal?: AbortSignal;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export interface OpAnnotations {
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  /** Touches the world outside svc (the target system under test). */
  openWorld: boolean;
}

/**
 * One operation, shared by the CLI and the MCP server. Input and output are zod schemas; the
 * output schema is the contract's wire schema, so --dry-run samples and MCP structured output are
 * checked against the same shape the server sends.
 */
export interface Op<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: OpAnnotations;
  /** Works without the API (no key, no network). */
  local?: boolean;
  /** Exposed as an MCP tool (default true). */
  mcp?: boolean;
  /** The canned --dry-run response for this input. */
  sample(input: z.infer<I>): NoInfer<z.infer<O>>;
  run(ctx: OpContext, input: z.infer<I>): Promise<NoInfer<z.infer<O>>>;
}

export function defineOp<I extends z.ZodObject, O extends z.ZodType>(op: Op<I, O>): Op<I, O> {
  return op;
}

export const READ: OpAnnotations = { readOnly: true, destructive: false, idempotent: true, openWorld: false };
export const WRITE: OpAnnotations = { readOnly: false, destructive: false, idempotent: false, openWorld: false };
