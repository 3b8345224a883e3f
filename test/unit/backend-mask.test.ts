import { describe, expect, it } from 'vitest';
import { maskPlan, maskText, maskValue } from '../../src/engine/backend/mask.js';

describe('backend secret masking', () => {
  it('keeps the last four characters of long values only', () => {
    expect(maskValue('tok_live_4f9a8b7c6d5e')).toBe('****6d5e');
    expect(maskValue('short-secret')).toBe('****cret');
    expect(maskValue('elevenchars')).toBe('****');
  });

  it('masks the credential, its URL-encoded and base64 forms, auth header values and extra secrets', () => {
    const plan = maskPlan(
      { headers: { Authorization: 'Bearer a+b/c=d-123456', 'X-Tenant-Key': 'tenant-key-999', 'Content-Type': 'application/json' }, credential: 'a+b/c=d-123456' },
      ['db-password-1', 'abc'],
    );
    expect(plan.headers).toEqual(['authorization', 'x-tenant-key']);
    expect(plan.literals).toContain(encodeURIComponent('a+b/c=d-123456'));
    expect(plan.literals).toContain(Buffer.from('a+b/c=d-123456').toString('base64'));
    expect(plan.literals).not.toContain('abc');
    expect(plan.literals).not.toContain('application/json');
    const text = `key=${encodeURIComponent('a+b/c=d-123456')} raw=a+b/c=d-123456 t=tenant-key-999 pw=db-password-1 abc`;
    expect(maskText(text, plan)).toBe('key=****3456 raw=****3456 t=****-999 pw=****rd-1 abc');
    expect(maskText(null, plan)).toBeNull();
  });
});
