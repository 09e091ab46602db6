import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  type AvailabilitySource,
  addCalendarDays,
  addWorkingDays,
  deliveryPromise,
  deliveryRange,
  deliveryRangeText,
  isWorkingDay,
  leadOf,
  moscowToday,
  ORDER_CUTOFF_HOUR,
  rangeOfAll,
  weekdayDayText,
} from '../../../server/domain/delivery-dates';

const FROM_2026 = Date.UTC(2025, 11, 1);
const TO_2028 = Date.UTC(2028, 0, 1);
const moments = fc.integer({ min: FROM_2026, max: TO_2028 });
const sources: fc.Arbitrary<AvailabilitySource> = fc.oneof(
  fc.constant({ kind: 'showroom' as const }),
  fc.constant({ kind: 'warehouse' as const }),
  fc.record({ kind: fc.constant('supplier' as const), days: fc.integer({ min: -5, max: 400 }) }),
  fc.record({
    kind: fc.constant('made_to_order' as const),
    minDays: fc.integer({ min: -5, max: 400 }),
    maxDays: fc.integer({ min: -5, max: 400 }),
  }),
);

/** Moscow 27.11.2026 at the given hour, as an epoch moment. */
const moscowAt = (day: string, hour: number): number =>
  Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00+03:00`);

function workingDaysOf(year: number): number {
  let count = 0;
  for (let day = `${year}-01-01`; day.startsWith(String(year)); day = addCalendarDays(day, 1)) {
    if (isWorkingDay(day)) count += 1;
  }
  return count;
}

describe('the Russian working-day calendar', () => {
  it('2026 has the 247 working days of the production calendar', () => {
    expect(workingDaysOf(2026)).toBe(247);
  });

  it('knows the 2026 holidays and transfers', () => {
    for (const day of [
      '2026-01-01',
      '2026-01-08',
      '2026-01-09',
      '2026-02-23',
      '2026-03-09',
      '2026-05-01',
      '2026-05-11',
      '2026-06-12',
      '2026-11-04',
      '2026-12-31',
    ]) {
      expect(isWorkingDay(day), day).toBe(false);
    }
    for (const day of ['2026-01-12', '2026-03-10', '2026-05-12', '2026-11-05', '2026-12-30', '2026-11-27']) {
      expect(isWorkingDay(day), day).toBe(true);
    }
  });

  it('2027: weekend holidays move to the next working day; the draft makes 13 November worked', () => {
    for (const day of ['2027-05-03', '2027-05-10', '2027-06-14', '2027-11-04', '2027-11-05']) {
      expect(isWorkingDay(day), day).toBe(false);
    }
    expect(isWorkingDay('2027-11-13')).toBe(true);
  });

  test.prop([fc.integer({ min: 0, max: 900 }), fc.integer({ min: 1, max: 60 })])(
    'the n-th working day after a day is a working day with exactly n − 1 working days between',
    (offset, count) => {
      const start = addCalendarDays('2026-01-01', offset);
      const end = addWorkingDays(start, count);
      expect(isWorkingDay(end)).toBe(true);
      let between = 0;
      for (let day = addCalendarDays(start, 1); day < end; day = addCalendarDays(day, 1)) {
        if (isWorkingDay(day)) between += 1;
      }
      expect(between).toBe(count - 1);
    },
  );
});

describe('the earliest delivery range', () => {
  test.prop([sources, moments])(
    'starts after today on a working day, ends on a working day, never before it starts',
    (source, now) => {
      const range = deliveryRange(source, now);
      const today = moscowToday(now).day;
      expect(range.from > today).toBe(true);
      expect(range.from <= range.to).toBe(true);
      expect(isWorkingDay(range.from)).toBe(true);
      expect(isWorkingDay(range.to)).toBe(true);
    },
  );

  test.prop([fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 50 }), moments])(
    'a longer supplier lead never brings the date closer',
    (days, extra, now) => {
      const near = deliveryRange({ kind: 'supplier', days }, now);
      const far = deliveryRange({ kind: 'supplier', days: days + extra }, now);
      expect(far.from >= near.from).toBe(true);
      expect(far.to >= near.to).toBe(true);
    },
  );

  test.prop([sources, moments])(
    'an order after the cutoff is never promised earlier than before it',
    (source, now) => {
      const { day } = moscowToday(now);
      const before = deliveryRange(source, moscowAt(day, ORDER_CUTOFF_HOUR - 1));
      const after = deliveryRange(source, moscowAt(day, ORDER_CUTOFF_HOUR));
      expect(after.from >= before.from).toBe(true);
    },
  );

  test.prop([fc.array(fc.tuple(sources, moments), { minLength: 1, maxLength: 5 })])(
    'a cart is promised no earlier than any of its lines',
    (lines) => {
      const ranges = lines.map(([source, now]) => deliveryRange(source, now));
      const all = rangeOfAll(ranges);
      for (const range of ranges) {
        expect(all !== null && all.from >= range.from && all.to >= range.to).toBe(true);
      }
    },
  );

  it('Friday 27 November 2026, 10:00 Moscow: the showroom delivers on 30 November – 1 December', () => {
    const now = moscowAt('2026-11-27', 10);
    expect(deliveryRange({ kind: 'showroom' }, now)).toEqual({ from: '2026-11-30', to: '2026-12-01' });
    expect(deliveryPromise(deliveryRange({ kind: 'showroom' }, now), '2026-11-27')).toBe(
      'Привезём 30 ноября – 1 декабря',
    );
    expect(deliveryPromise(deliveryRange({ kind: 'supplier', days: 3 }, now), '2026-11-27')).toBe(
      'Привезём 3–7 декабря',
    );
  });

  it('the New Year holidays: a promise made on 28 December 2026 starts after the days off', () => {
    const now = moscowAt('2026-12-28', 9);
    const range = deliveryRange({ kind: 'made_to_order', minDays: 3, maxDays: 5 }, now);
    expect(range.from > '2026-12-31').toBe(true);
    expect(range.from >= '2027-01-11').toBe(true);
  });
});

describe('the range in words', () => {
  it('says «завтра» and «завтра или послезавтра» where they apply, months in the genitive', () => {
    expect(deliveryRangeText({ from: '2026-11-28', to: '2026-11-28' }, '2026-11-27')).toBe('завтра');
    expect(deliveryRangeText({ from: '2026-11-28', to: '2026-11-29' }, '2026-11-27')).toBe(
      'завтра или послезавтра',
    );
    expect(deliveryRangeText({ from: '2026-12-03', to: '2026-12-05' }, '2026-11-27')).toBe('3–5 декабря');
    expect(deliveryRangeText({ from: '2026-05-05', to: '2026-05-05' }, '2026-04-27')).toBe('5 мая');
    expect(weekdayDayText('2026-12-04')).toBe('пятница, 4 декабря');
  });

  test.prop([sources, moments])('is never a speed («дня», «дней»)', (source, now) => {
    const text = deliveryRangeText(deliveryRange(source, now), moscowToday(now).day);
    expect(text).not.toMatch(/\bдн(я|ей)\b|\bдень\b/);
    expect(text).toMatch(/^(завтра|завтра или послезавтра|\d{1,2}(–\d{1,2})? [а-я]+( – \d{1,2} [а-я]+)?)$/);
  });

  test.prop([sources])(
    'leads: the first day never after the last, both at least one working day',
    (source) => {
      const lead = leadOf(source);
      expect(lead.min).toBeGreaterThanOrEqual(1);
      expect(lead.max).toBeGreaterThanOrEqual(lead.min);
    },
  );
});
