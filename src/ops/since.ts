import { SvcError } from '../contract/errors.js';

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/**
 * `--since`: a duration back from now (`30m`, `24h`, `7d`, also `s` and `w`) or an ISO 8601
 * timestamp; returns the ISO lower bound on createdAt. Anything else is a validation error (exit 5).
 */
export function parseSince(value: string, now = Date.now()): string {
  const v = value.trim();
  const m = /^(\d{1,6})([smhdw])$/.exec(v);
  if (m) return new Date(now - Number(m[1]) * UNIT_MS[m[2]!]!).toISOString();
  if (/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(v)) {
    const t = Date.parse(v);
    if (!Number.isNaN(t)) return new Date(t).toISOString();
  }
  throw new SvcError('VALIDATION_ERROR', `--since: '${value}' is neither a duration (30m, 24h, 7d) nor an ISO timestamp`, {
    nextAction: "Use e.g. --since 24h, --since 7d or --since 2026-01-31T00:00:00Z.",
  });
}
