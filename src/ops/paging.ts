import { z } from 'zod';
import { SvcError } from '../contract/errors.js';

/** Paging flags of SPEC.md 4.5/4.6, shared by the list ops. */
export const PagingInput = {
  pageSize: z.number().int().min(1).max(100).default(25).describe('Items per page, 1 to 100'),
  startingToken: z.string().min(1).optional().describe('nextToken of a previous page'),
  maxItems: z.number().int().min(1).optional().describe('Fetch pages until this many items (auto-paging)'),
};

export interface Page<T> {
  items: T[];
  nextToken: string | null;
}

/**
 * Without maxItems: one page. With it: fetches pages until maxItems items or the last page. The
 * final request asks only for what is still missing, so the returned nextToken resumes exactly
 * after the last item returned (tokens are opaque: the client cannot cut one itself).
 */
export async function collectPages<T>(
  fetchPage: (pageSize: number, token: string | undefined) => Promise<Page<T>>,
  o: { pageSize: number; startingToken?: string; maxItems?: number },
): Promise<Page<T>> {
  if (o.maxItems === undefined) return fetchPage(o.pageSize, o.startingToken);
  const items: T[] = [];
  let token = o.startingToken;
  for (;;) {
    const page = await fetchPage(Math.min(o.pageSize, o.maxItems - items.length), token);
    items.push(...page.items);
    token = page.nextToken ?? undefined;
    if (!page.nextToken || items.length >= o.maxItems || page.items.length === 0) return { items, nextToken: page.nextToken };
  }
}

/**
 * Paging over a list the API returns whole (a plan's cases, a project's endpoints). The token is
 * opaque to callers: the offset of the next item. Over MCP a result is paged by default (an agent's
 * context is small); the CLI returns everything unless --page-size is given.
 */
export const SlicePagingInput = {
  pageSize: z.number().int().min(1).max(500).optional().describe('Items per page (over MCP 50 unless given; the CLI returns all unless given)'),
  startingToken: z.string().min(1).optional().describe('nextToken of a previous page'),
};
const MCP_SLICE_PAGE = 50;

/** One page of the list; null when the CLI (or the portal) asked for no paging (the list goes out whole, as before). */
export function slicePage<T>(items: T[], o: { pageSize?: number; startingToken?: string; surface: 'cli' | 'mcp' | 'portal' }): { items: T[]; nextToken: string | null } | null {
  if (o.surface !== 'mcp' && o.pageSize === undefined && o.startingToken === undefined) return null;
  const size = o.pageSize ?? MCP_SLICE_PAGE;
  let start = 0;
  if (o.startingToken !== undefined) {
    const m = /^o(\d+)$/.exec(Buffer.from(o.startingToken, 'base64url').toString('utf8'));
    if (!m) throw new SvcError('VALIDATION_ERROR', `startingToken '${o.startingToken}' is not a token this list gave out`, { nextAction: 'Start again without a starting token, then pass the nextToken of each page.' });
    start = Number(m[1]);
  }
  const end = start + size;
  return { items: items.slice(start, end), nextToken: end < items.length ? Buffer.from(`o${end}`).toString('base64url') : null };
}
