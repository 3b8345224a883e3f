import { existsSync, readdirSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';

/**
 * Playwright records video with an ffmpeg it looks up under $HOME/.cache/ms-playwright
 * (scripts/link-ffmpeg.sh links Debian's there). When the process runs with another HOME (tests,
 * the demo's temp profile), point Playwright at the account's real cache so video still works.
 * Imported before playwright-core, which reads the variable when it loads.
 */
if (!process.env.PLAYWRIGHT_BROWSERS_PATH) {
  const candidates = [join(homedir(), '.cache', 'ms-playwright'), join(userInfo().homedir, '.cache', 'ms-playwright')];
  const found = candidates.find((d) => {
    try {
      return existsSync(d) && readdirSync(d).some((n) => n.startsWith('ffmpeg-'));
    } catch {
      return false;
    }
  });
  if (found) process.env.PLAYWRIGHT_BROWSERS_PATH = found;
}
