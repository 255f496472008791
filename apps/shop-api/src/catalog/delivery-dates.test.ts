import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allReady, deliveryDates, localClock, type DeliverySchedule } from './delivery-dates.ts';

const ROME: DeliverySchedule = { timeZone: 'Europe/Rome', cutOffMinutes: 14 * 60 };
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
const workingDaysBetween = (from: string, to: string) => {
  let count = 0;
  for (let time = Date.parse(`${from}T00:00:00Z`) + 86_400_000; time <= Date.parse(`${to}T00:00:00Z`); time += 86_400_000) {
    if (![0, 6].includes(new Date(time).getUTCDay())) count++;
  }
  return count;
};

describe('delivery dates', () => {
  // Times are UTC: Rome is UTC+1 in winter (CET), UTC+2 in summer (CEST).
  it.each([
    ['a Tuesday morning leaves that day', '2026-12-01T08:00:00Z', { min: 3, max: 5 }, { from: '2026-12-04', to: '2026-12-08' }],
    ['13:59 in Rome is before the cut-off', '2026-12-04T12:59:00Z', { min: 3, max: 5 }, { from: '2026-12-09', to: '2026-12-11' }],
    ['14:00 in Rome is the cut-off: it leaves on Monday', '2026-12-04T13:00:00Z', { min: 3, max: 5 }, { from: '2026-12-10', to: '2026-12-14' }],
    ['a Saturday leaves on Monday', '2026-12-05T09:00:00Z', { min: 1, max: 2 }, { from: '2026-12-08', to: '2026-12-09' }],
    ['a Sunday night leaves on Monday', '2026-12-06T22:00:00Z', { min: 1, max: 1 }, { from: '2026-12-08', to: '2026-12-08' }],
    ['the year ends on a Thursday', '2026-12-31T10:00:00Z', { min: 2, max: 4 }, { from: '2027-01-04', to: '2027-01-06' }],
    ['after the cut-off on 31 December it leaves on 1 January (a Friday)', '2026-12-31T15:00:00Z', { min: 1, max: 3 }, { from: '2027-01-04', to: '2027-01-06' }],
    ['23:30 UTC on 31 December is already the new year in Rome', '2026-12-31T23:30:00Z', { min: 1, max: 1 }, { from: '2027-01-04', to: '2027-01-04' }],
    ['summer time: 13:30 in Rome is 11:30 UTC', '2026-07-03T11:30:00Z', { min: 1, max: 2 }, { from: '2026-07-06', to: '2026-07-07' }],
    ['summer time: 14:30 in Rome is 12:30 UTC', '2026-07-03T12:30:00Z', { min: 1, max: 2 }, { from: '2026-07-07', to: '2026-07-08' }],
    ['no transit days: delivered the day it leaves', '2026-12-02T09:00:00Z', { min: 0, max: 0 }, { from: '2026-12-02', to: '2026-12-02' }],
  ])('%s', (_case, now, days, expected) => {
    expect(deliveryDates(days, 'now', ROME, new Date(now))).toEqual(expected);
  });

  it('goods available later leave on their day, or the next working day', () => {
    const now = new Date('2026-12-01T08:00:00Z');
    // Available on Monday 1 February 2027 (midnight UTC is 01:00 in Rome: the same day).
    expect(deliveryDates({ min: 3, max: 5 }, new Date('2027-02-01T00:00:00Z'), ROME, now)).toEqual({ from: '2027-02-04', to: '2027-02-08' });
    // Available on a Saturday: leaves on Monday.
    expect(deliveryDates({ min: 1, max: 1 }, new Date('2027-02-06T09:00:00Z'), ROME, now)).toEqual({ from: '2027-02-09', to: '2027-02-09' });
    // A date already past counts as now.
    expect(deliveryDates({ min: 1, max: 1 }, new Date('2026-11-01T00:00:00Z'), ROME, now)).toEqual(deliveryDates({ min: 1, max: 1 }, 'now', ROME, now));
    expect(deliveryDates({ min: 1, max: 1 }, 'unknown', ROME, now)).toBeNull();
  });

  it('a whole cart is ready when its last item is, and unknown with one unknown', () => {
    const later = new Date('2027-03-01T00:00:00Z');
    expect(allReady([])).toBe('now');
    expect(allReady(['now', new Date('2027-02-01T00:00:00Z'), later, 'now'])).toEqual(later);
    expect(allReady(['now', later, 'unknown'])).toBe('unknown');
  });

  const instants = fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T23:59:59Z'), noInvalidDate: true });
  const spans = fc.tuple(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 0, max: 15 })).map(([a, b]) => ({ min: Math.min(a, b), max: Math.max(a, b) }));
  const schedules = fc.record({
    timeZone: fc.constantFrom('Europe/Rome', 'Europe/London', 'America/New_York', 'Asia/Tokyo', 'UTC'),
    cutOffMinutes: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  });

  it('delivers on working days, the span apart, after the day it is seen', () => {
    fc.assert(
      fc.property(instants, spans, schedules, (now, days, schedule) => {
        const { from, to } = deliveryDates(days, 'now', schedule, now)!;
        const today = localClock(now, schedule.timeZone).day;
        if (days.min > 0) expect([0, 6]).not.toContain(weekday(from));
        expect([0, 6]).not.toContain(weekday(to));
        expect(from >= today).toBe(true);
        expect(workingDaysBetween(from, to)).toBe(days.max - days.min);
        // It leaves today or on one of the next working days: never more than a working day after today's.
        expect(workingDaysBetween(today, from)).toBeLessThanOrEqual(days.min + 1);
        expect(workingDaysBetween(today, from)).toBeGreaterThanOrEqual(days.min);
      }),
    );
  });

  it('never promises an earlier day for a later moment or a later available date', () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: 0, max: 10 * 86_400_000 }), spans, schedules, (now, later, days, schedule) => {
        const first = deliveryDates(days, 'now', schedule, now)!;
        const second = deliveryDates(days, 'now', schedule, new Date(now.getTime() + later))!;
        expect(second.from >= first.from && second.to >= first.to).toBe(true);
        const whenReady = deliveryDates(days, new Date(now.getTime() + later), schedule, now)!;
        expect(whenReady.from >= first.from && whenReady.to >= first.to).toBe(true);
      }),
    );
  });

  it('the cut-off moves the parcel by exactly one working day on a working day', () => {
    fc.assert(
      fc.property(instants, spans, fc.integer({ min: 1, max: 24 * 60 - 1 }), (now, days, cutOffMinutes) => {
        const { day, minutes } = localClock(now, 'UTC');
        fc.pre(![0, 6].includes(weekday(day)));
        const before = deliveryDates(days, 'now', { timeZone: 'UTC', cutOffMinutes: minutes + 1 }, now)!;
        const after = deliveryDates(days, 'now', { timeZone: 'UTC', cutOffMinutes: Math.min(minutes, cutOffMinutes) }, now)!;
        expect(workingDaysBetween(before.from, after.from)).toBe(1);
      }),
    );
  });
});
