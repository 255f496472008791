import type { DeliveryDates } from '@shop/contract';

/**
 * When a parcel is expected (docs/adr/0049-delivery-dates-and-buying-again.md): it leaves the shop on a working day
 * (Monday to Friday in the shop's time zone), the same day when it is ready before the cut-off time, else the next
 * working day; a carrier takes its working days from there. Pure: the one place the storefront's dates come from.
 */

/** The shop's time zone and the time of day (in minutes) after which an order leaves on the next working day. */
export type DeliverySchedule = { timeZone: string; cutOffMinutes: number };

/** A carrier's delivery time in working days (carrier_rates.min_days, max_days). */
export type DeliveryDays = { min: number; max: number };

/**
 * When goods can leave the shop: now (from stock), from a time (a pre-order's or backorder's available date), or
 * unknown (a backorder without a date): then no date is promised.
 */
export type Readiness = 'now' | Date | 'unknown';

const DAY_MS = 86_400_000;

/** Calendar days are counted as UTC midnights: no daylight saving time in the arithmetic. */
const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const isWorkingDay = (time: number) => {
  const weekday = new Date(time).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

/** The first working day at or after `time` (a day's UTC midnight). */
function workingDayFrom(time: number): number {
  let day = time;
  while (!isWorkingDay(day)) day += DAY_MS;
  return day;
}

/** `count` working days after `time`. */
function addWorkingDays(time: number, count: number): number {
  let day = time;
  for (let added = 0; added < count; ) {
    day += DAY_MS;
    if (isWorkingDay(day)) added++;
  }
  return day;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The calendar day ('YYYY-MM-DD') and the minute of the day at `at` in a time zone. */
export function localClock(at: Date, timeZone: string): { day: string; minutes: number } {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clocks.set(timeZone, clock);
  }
  const part = Object.fromEntries(clock.formatToParts(at).map(({ type, value }) => [type, value]));
  return { day: `${part.year}-${part.month}-${part.day}`, minutes: Number(part.hour) * 60 + Number(part.minute) };
}

/** The day a parcel ready at `ready` leaves the shop, as a UTC midnight. */
function dispatchDay(now: Date, ready: Date | 'now', schedule: DeliverySchedule): number {
  const { day, minutes } = localClock(now, schedule.timeZone);
  const today = dayTime(day);
  const leavesToday = isWorkingDay(today) && minutes < schedule.cutOffMinutes;
  const earliest = leavesToday ? today : workingDayFrom(today + DAY_MS);
  if (ready === 'now') return earliest;
  // Goods that arrive on a later day leave on it (or the next working day).
  return Math.max(earliest, workingDayFrom(dayTime(localClock(ready, schedule.timeZone).day)));
}

/** The days a carrier taking `days` is expected to deliver goods ready at `ready`, seen at `now`; null when unknown. */
export function deliveryDates(days: DeliveryDays, ready: Readiness, schedule: DeliverySchedule, now: Date): DeliveryDates | null {
  if (ready === 'unknown') return null;
  const leaves = dispatchDay(now, ready, schedule);
  return { from: dayOf(addWorkingDays(leaves, days.min)), to: dayOf(addWorkingDays(leaves, days.max)) };
}

/** When goods that each have their readiness are all ready: the latest of them. */
export function allReady(readiness: Readiness[]): Readiness {
  if (readiness.includes('unknown')) return 'unknown';
  const dates = readiness.filter((ready): ready is Date => ready instanceof Date);
  return dates.length === 0 ? 'now' : new Date(Math.max(...dates.map((date) => date.getTime())));
}
