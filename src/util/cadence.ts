import { Cron } from 'croner';

/**
 * Schedule arithmetic (SPEC.md 1: "daily, weekly, or a cron expression"). Every cadence becomes a
 * five-field cron pattern read in an IANA time zone by croner, which also settles DST: a time that
 * falls in the spring gap runs at the first valid time after it, a time that occurs twice in the
 * autumn runs once. Pure: the clock is always passed in.
 */
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const CADENCE_KINDS = ['daily', 'weekly', 'cron'] as const;
export type CadenceKind = (typeof CADENCE_KINDS)[number];

export interface Cadence {
  kind: CadenceKind;
  /** daily, weekly: HH:MM (24 h) in timeZone. */
  at?: string | null;
  /** weekly: the days, in week order. */
  days?: Weekday[] | null;
  /** cron: five fields (minute hour day-of-month month day-of-week) or a nickname such as @daily. */
  cron?: string | null;
  timeZone: string;
}

/** Cadence input that could not be used: the field it is about and a next step. */
export class CadenceError extends Error {
  constructor(
    readonly field: 'kind' | 'at' | 'days' | 'cron' | 'timeZone',
    message: string,
    readonly nextAction: string,
  ) {
    super(message);
  }
}

/** Missed due times are counted up to this many (a year of a per-minute cron is not walked). */
export const MAX_COUNTED_MISSES = 1000;

export function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.trim() !== '';
  } catch {
    return false;
  }
}

/** 'HH:MM' → [hour, minute], or null. */
export function parseAt(at: string): [number, number] | null {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(at.trim());
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** 'mon,wed', 'Mon Fri', 'weekdays', 'mon-fri' → days in week order. */
export function parseDays(text: string): Weekday[] | null {
  const out = new Set<Weekday>();
  for (const raw of text.toLowerCase().split(/[\s,]+/).filter(Boolean)) {
    if (raw === 'weekdays') ['mon', 'tue', 'wed', 'thu', 'fri'].forEach((d) => out.add(d as Weekday));
    else if (raw === 'weekends' || raw === 'weekend') ['sat', 'sun'].forEach((d) => out.add(d as Weekday));
    else if (raw.includes('-')) {
      const [a, b] = raw.split('-').map(dayOf);
      if (a === undefined || b === undefined) return null;
      for (let i = a; ; i = (i + 1) % 7) {
        out.add(WEEKDAYS[i]!);
        if (i === b) break;
      }
    } else {
      const d = dayOf(raw);
      if (d === undefined) return null;
      out.add(WEEKDAYS[d]!);
    }
  }
  return out.size ? WEEKDAYS.filter((d) => out.has(d)) : null;
}

const DAY_WORDS: Record<string, number> = {
  sun: 0, sunday: 0, mon: 1, monday: 1, tue: 2, tues: 2, tuesday: 2, wed: 3, wednesday: 3,
  thu: 4, thur: 4, thurs: 4, thursday: 4, fri: 5, friday: 5, sat: 6, saturday: 6,
};

function dayOf(word: string | undefined): number | undefined {
  return word === undefined ? undefined : DAY_WORDS[word];
}

/** The cron pattern a cadence stands for; throws CadenceError naming the field at fault. */
export function patternOf(c: Cadence): string {
  if (!validTimeZone(c.timeZone)) {
    throw new CadenceError('timeZone', `unknown time zone '${c.timeZone}'`, 'Use an IANA time zone name such as Europe/Berlin, America/New_York or UTC.');
  }
  if (c.kind === 'cron') {
    const text = (c.cron ?? '').trim().replace(/\s+/g, ' ');
    if (!text) throw new CadenceError('cron', 'a cron schedule needs its expression', "Give five fields: minute hour day-of-month month day-of-week, e.g. '0 6 * * 1-5'.");
    try {
      new Cron(text, { timezone: c.timeZone, mode: '5-part' });
    } catch (err) {
      throw new CadenceError('cron', `bad cron expression '${text}': ${(err as Error).message.replace(/^CronPattern: /, '')}`, "Give five fields: minute hour day-of-month month day-of-week, e.g. '0 6 * * 1-5' (seconds are not accepted).");
    }
    return text;
  }
  const at = c.at ? parseAt(c.at) : null;
  if (!at) throw new CadenceError('at', `${c.kind} needs a time of day as HH:MM (24 h)${c.at ? `, not '${c.at}'` : ''}`, 'e.g. 06:30 or 18:00.');
  if (c.kind === 'daily') return `${at[1]} ${at[0]} * * *`;
  if (c.kind !== 'weekly') throw new CadenceError('kind', `unknown schedule kind '${String(c.kind)}'`, 'Use daily, weekly or cron.');
  if (!c.days?.length) throw new CadenceError('days', 'weekly needs at least one day', 'e.g. mon,thu or weekdays.');
  return `${at[1]} ${at[0]} * * ${c.days.map((d) => WEEKDAYS.indexOf(d)).join(',')}`;
}

function cronOf(c: Cadence): Cron {
  return new Cron(patternOf(c), { timezone: c.timeZone, mode: '5-part' });
}

/** The next `n` due times strictly after `after`. */
export function nextDueTimes(c: Cadence, after: Date, n: number): Date[] {
  return cronOf(c).nextRuns(n, after);
}

/** The first due time strictly after `after` (null only for a pattern that never matches again). */
export function nextDue(c: Cadence, after: Date): Date | null {
  return cronOf(c).nextRun(after);
}

/**
 * What a scheduler does when `now` has reached the stored due time `pending`: every due time from
 * `pending` up to `now` is owed, but only the newest one runs (at most one catch-up after
 * downtime); the older ones are misses. The run is a catch-up when it is more than `graceMs` late.
 */
export interface DueDecision {
  /** The due time to run now, or null when nothing is due yet. */
  fire: Date | null;
  catchUp: boolean;
  /** Owed due times that will never run: the first, the last and how many (counted up to MAX_COUNTED_MISSES). */
  missed: { first: Date; last: Date; count: number } | null;
  /** The next due time to wait for, strictly after now. */
  next: Date | null;
}

export function decideDue(c: Cadence, pending: Date, now: Date, graceMs: number): DueDecision {
  const cron = cronOf(c);
  if (pending.getTime() > now.getTime()) return { fire: null, catchUp: false, missed: null, next: pending };
  const owed: Date[] = [pending];
  let count = 1;
  let prev = pending;
  // Walk the owed due times, keeping the first two and the last; bounded by the count cap.
  for (;;) {
    const d = cron.nextRun(prev);
    if (!d || d.getTime() > now.getTime()) break;
    count++;
    if (owed.length < 2) owed.push(d);
    else owed[1] = d;
    prev = d;
    if (count > MAX_COUNTED_MISSES) {
      // Too many to walk: jump to the newest due time at or before now.
      const [latest] = cron.previousRuns(1, new Date(now.getTime() + 1));
      if (latest && latest.getTime() > prev.getTime()) owed[1] = latest;
      break;
    }
  }
  const fire = owed[owed.length - 1]!;
  const missedCount = Math.min(count - 1, MAX_COUNTED_MISSES);
  const missedLast = missedCount > 0 ? (cron.previousRuns(1, fire)[0] ?? pending) : null;
  return {
    fire,
    catchUp: now.getTime() - fire.getTime() > graceMs,
    missed: missedCount > 0 ? { first: pending, last: missedLast!, count: missedCount } : null,
    next: cron.nextRun(now),
  };
}
