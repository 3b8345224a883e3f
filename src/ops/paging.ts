import { z } from 'zod';

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
