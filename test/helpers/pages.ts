import { afterAll, beforeAll } from 'vitest';
import { BrowserPool } from '../../src/engine/frontend/browser.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback server of fixed HTML pages by path (404 for anything else), for engine tests on page shapes. */
export async function servePages(pages: Record<string, string>): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const page = pages[req.url ?? ''];
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page ?? 'not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** Plan steps, as a plan's author writes them. */
export const act = (description: string) => ({ type: 'action' as const, description });
export const check = (description: string) => ({ type: 'assertion' as const, description });

/** For a test file: the pages served and a one-page browser pool, from its first test to its last. */
export function usePages(pages: Record<string, string>): { url: string; pool: BrowserPool } {
  const world = { url: '', pool: new BrowserPool({ size: 1 }) };
  let site: Awaited<ReturnType<typeof servePages>> | undefined;
  beforeAll(async () => {
    site = await servePages(pages);
    world.url = site.url;
  });
  afterAll(async () => {
    await world.pool.close();
    await site?.close();
  });
  return world;
}
