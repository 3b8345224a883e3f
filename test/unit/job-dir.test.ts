import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeJobDir } from '../../src/engine/backend/job-dir.js';

function jobDir(extra?: (dir: string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-jobdir-'));
  for (const f of ['events.jsonl', 'stdout', 'stderr']) writeFileSync(join(dir, f), 'x');
  mkdirSync(join(dir, 'work'));
  extra?.(dir);
  return dir;
}

describe('removing a finished job directory', () => {
  it('removes what the harness made', () => {
    const dir = jobDir();
    removeJobDir(dir);
    expect(existsSync(dir)).toBe(false);
  });

  it('removes whatever else a test left there, nested directories included', () => {
    const dir = jobDir((d) => {
      mkdirSync(join(d, 'work', 'a', 'b'), { recursive: true });
      writeFileSync(join(d, 'work', 'a', 'b', 'c.txt'), 'left');
      writeFileSync(join(d, 'extra'), 'left');
    });
    removeJobDir(dir);
    expect(existsSync(dir)).toBe(false);
  });

  it('removes a directory the harness never finished, and is quiet about one already gone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-jobdir-'));
    writeFileSync(join(dir, 'events.jsonl'), '');
    removeJobDir(dir);
    expect(existsSync(dir)).toBe(false);
    expect(() => removeJobDir(dir)).not.toThrow();
  });
});
