import { appendFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installForSetup } from '../../src/agent/setup-install.js';
import { tempDir } from '../helpers/paths.js';

const root = () => realpathSync(tempDir('svc-agent-setup-'));

describe('setup step', () => {
  it('installs, then reports up-to-date, blocked, and a forced replace with its backup', () => {
    const dir = root();
    const o = { target: 'cursor' as const, dir, cwd: dir, force: false };
    expect(installForSetup(o)).toMatchObject({ status: 'installed', target: 'cursor', files: ['.cursor/rules/svc-verify.mdc', '.cursor/rules/svc-onboard.mdc', '.cursor/mcp.json'] });
    expect(installForSetup(o).status).toBe('up-to-date');
    appendFileSync(join(dir, '.cursor/rules/svc-verify.mdc'), 'edit\n');
    const blocked = installForSetup(o);
    expect(blocked.status).toBe('blocked');
    expect(blocked.message).toMatch(/--force/);
    const forced = installForSetup({ ...o, force: true });
    expect(forced).toMatchObject({ status: 'installed' });
    expect(forced.message).toMatch(/backups: \.cursor\/rules\/svc-verify\.mdc\.bak/);
  });

  it('reports a missing dir as skipped instead of failing setup', () => {
    expect(installForSetup({ target: 'claude', dir: '/nonexistent/svc', cwd: '/', force: false }).status).toBe('skipped');
  });
});
