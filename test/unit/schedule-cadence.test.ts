import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CadenceError, decideDue, nextDueTimes, parseDays, patternOf, type Cadence } from '../../src/util/cadence.js';
import { cadenceFrom } from '../../src/server/routes/schedules.js';
import { scheduleInput } from '../../cli/commands/project/schedule.js';
import { signDelivery } from '../../src/server/webhook-payload.js';

const iso = (d: Date[]) => d.map((x) => x.toISOString());
const berlin = (over: Partial<Cadence>): Cadence => ({ kind: 'daily', at: '02:30', timeZone: 'Europe/Berlin', ...over });

describe('schedule cadences', () => {
  it.each([
    ['daily', berlin({ at: '06:30' }), '30 6 * * *'],
    ['weekly', berlin({ kind: 'weekly', at: '18:05', days: ['mon', 'thu'] }), '5 18 * * 1,4'],
    ['cron', berlin({ kind: 'cron', cron: ' 0  */6 * * 1-5 ' }), '0 */6 * * 1-5'],
  ])('%s becomes a five-field pattern', (_, c, pattern) => {
    expect(patternOf(c)).toBe(pattern);
  });

  it.each([
    [berlin({ timeZone: 'Mars/Base' }), 'timeZone', /unknown time zone 'Mars\/Base'/],
    [berlin({ at: '24:00' }), 'at', /HH:MM/],
    [berlin({ at: '6.30' }), 'at', /HH:MM/],
    [berlin({ kind: 'weekly', days: [] }), 'days', /at least one day/],
    [berlin({ kind: 'cron', cron: '61 * * * *' }), 'cron', /bad cron expression '61 \* \* \* \*'/],
    [berlin({ kind: 'cron', cron: '* * * * * *' }), 'cron', /5 parts/],
    [berlin({ kind: 'cron', cron: '' }), 'cron', /needs its expression/],
  ])('refuses %o naming the field and a next step', (c, field, message) => {
    try {
      patternOf(c);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(CadenceError);
      expect((err as CadenceError).field).toBe(field);
      expect((err as CadenceError).message).toMatch(message);
      expect((err as CadenceError).nextAction).toBeTruthy();
    }
  });

  it('reads days as people write them', () => {
    expect(parseDays('Mon, thursday')).toEqual(['mon', 'thu']);
    expect(parseDays('weekdays')).toEqual(['mon', 'tue', 'wed', 'thu', 'fri']);
    expect(parseDays('fri-mon')).toEqual(['sun', 'mon', 'fri', 'sat']);
    expect(parseDays('weekends')).toEqual(['sun', 'sat']);
    expect(parseDays('mon,funday')).toBeNull();
    expect(parseDays('')).toBeNull();
  });

  it('a daily time in the spring DST gap runs at the first valid time after it, once', () => {
    // Europe/Berlin, 2026-03-29: 02:00 CET jumps to 03:00 CEST, so 02:30 does not exist that day.
    expect(iso(nextDueTimes(berlin({}), new Date('2026-03-28T12:00:00Z'), 3))).toEqual(['2026-03-29T01:00:00.000Z', '2026-03-30T00:30:00.000Z', '2026-03-31T00:30:00.000Z']);
  });

  it('a daily time that occurs twice in the autumn runs once, and the offset follows the zone', () => {
    // 2026-10-25: 03:00 CEST falls back to 02:00 CET, so 02:30 happens twice; it runs at the first.
    expect(iso(nextDueTimes(berlin({}), new Date('2026-10-24T12:00:00Z'), 3))).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z', '2026-10-27T01:30:00.000Z']);
  });

  it('weekly and cron cadences across the DST change keep local wall time', () => {
    const weekly = berlin({ kind: 'weekly', at: '09:00', days: ['sun'] });
    expect(iso(nextDueTimes(weekly, new Date('2026-10-20T00:00:00Z'), 2))).toEqual(['2026-10-25T08:00:00.000Z', '2026-11-01T08:00:00.000Z']);
    const cron = berlin({ kind: 'cron', cron: '0 8 * * 1-5' });
    expect(iso(nextDueTimes(cron, new Date('2026-03-27T00:00:00Z'), 2))).toEqual(['2026-03-27T07:00:00.000Z', '2026-03-30T06:00:00.000Z']);
  });
});

describe('the due decision', () => {
  const everyMinute: Cadence = { kind: 'cron', cron: '* * * * *', timeZone: 'UTC' };
  const daily = berlin({ at: '09:00' });

  it('waits while nothing is due', () => {
    const d = decideDue(everyMinute, new Date('2026-01-01T10:05:00Z'), new Date('2026-01-01T10:04:59Z'), 60_000);
    expect(d.fire).toBeNull();
    expect(d.missed).toBeNull();
  });

  it('fires an on-time due time once and waits for the next', () => {
    const d = decideDue(everyMinute, new Date('2026-01-01T10:05:00Z'), new Date('2026-01-01T10:05:02Z'), 60_000);
    expect(d.fire?.toISOString()).toBe('2026-01-01T10:05:00.000Z');
    expect(d.catchUp).toBe(false);
    expect(d.missed).toBeNull();
    expect(d.next?.toISOString()).toBe('2026-01-01T10:06:00.000Z');
  });

  it('after downtime runs only the newest due time and records the older ones as missed', () => {
    const d = decideDue(everyMinute, new Date('2026-01-01T10:05:00Z'), new Date('2026-01-01T10:12:30Z'), 60_000);
    expect(d.fire?.toISOString()).toBe('2026-01-01T10:12:00.000Z');
    expect(d.catchUp).toBe(false);
    expect(d.missed).toEqual({ first: new Date('2026-01-01T10:05:00Z'), last: new Date('2026-01-01T10:11:00Z'), count: 7 });
    expect(d.next?.toISOString()).toBe('2026-01-01T10:13:00.000Z');
  });

  it('a due time long past is one catch-up run, not a miss', () => {
    const d = decideDue(daily, new Date('2026-01-01T08:00:00Z'), new Date('2026-01-01T11:00:00Z'), 300_000);
    expect(d.fire?.toISOString()).toBe('2026-01-01T08:00:00.000Z');
    expect(d.catchUp).toBe(true);
    expect(d.missed).toBeNull();
    expect(d.next?.toISOString()).toBe('2026-01-02T08:00:00.000Z');
  });

  it('days of downtime: one catch-up run for the latest due time, the rest counted as missed', () => {
    const d = decideDue(daily, new Date('2026-01-01T08:00:00Z'), new Date('2026-01-05T10:00:00Z'), 300_000);
    expect(d.fire?.toISOString()).toBe('2026-01-05T08:00:00.000Z');
    expect(d.catchUp).toBe(true);
    expect(d.missed).toMatchObject({ count: 4, last: new Date('2026-01-04T08:00:00Z') });
  });

  it('a very long downtime is counted up to the cap without walking every due time', () => {
    const t0 = Date.now();
    const d = decideDue(everyMinute, new Date('2026-01-01T00:00:00Z'), new Date('2026-03-01T00:00:30Z'), 60_000);
    expect(Date.now() - t0).toBeLessThan(1_000);
    expect(d.fire?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(d.missed?.count).toBe(1000);
  });
});

describe('schedule input', () => {
  it('the CLI flags become one cadence; contradictions are refused before anything is sent', () => {
    expect(scheduleInput({ daily: '06:30', tz: 'Europe/Berlin' })).toMatchObject({ kind: 'daily', at: '06:30', timeZone: 'Europe/Berlin' });
    expect(scheduleInput({ weekly: 'mon,thu', at: '18:00' })).toMatchObject({ kind: 'weekly', days: 'mon,thu', at: '18:00' });
    expect(scheduleInput({ webhook: false })).toMatchObject({ kind: undefined, webhookUrl: null });
    expect(() => scheduleInput({ daily: '06:30', cron: '* * * * *' })).toThrow(/mutually exclusive/);
    expect(() => scheduleInput({ weekly: 'mon' })).toThrow(/--weekly needs --at/);
    expect(() => scheduleInput({ tz: 'UTC' })).toThrow(/--tz goes with a cadence/);
  });

  it('the API checks the body into a cadence with field-named errors (exit 5)', () => {
    expect(cadenceFrom({ kind: 'weekly', days: 'weekdays', at: '07:00' })).toMatchObject({ days: ['mon', 'tue', 'wed', 'thu', 'fri'], timeZone: 'UTC' });
    expect(cadenceFrom({ webhookUrl: 'https://x.example' })).toBeUndefined();
    expect(() => cadenceFrom({ kind: 'daily', at: '07:00', cron: '* * * * *' })).toThrow(/cron: does not go with a daily schedule/);
    expect(() => cadenceFrom({ at: '07:00' })).toThrow(/need a kind/);
    try {
      cadenceFrom({ kind: 'cron', cron: 'nope' });
      expect.unreachable();
    } catch (err) {
      expect((err as { exitCode: number }).exitCode).toBe(5);
    }
  });

  it('a delivery is signed over the timestamp and the body', () => {
    const h = signDelivery('whsec_test', '{"a":1}', 1_700_000_000);
    const expected = createHmac('sha256', 'whsec_test').update('1700000000.{"a":1}').digest('hex');
    expect(h).toEqual({ 'X-Svc-Timestamp': '1700000000', 'X-Svc-Signature': `t=1700000000,v1=${expected}` });
  });
});
