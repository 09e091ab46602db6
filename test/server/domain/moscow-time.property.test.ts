import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  calendarDay,
  calendarDayText,
  moscowDateTimeText,
  moscowWallClock,
} from '../../../server/domain/moscow-time';

/** The platform's own zone database: the oracle for Moscow time (UTC+3 since 26 October 2014). */
const intlMoscow = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const SINCE_2014_RULE = Date.UTC(2014, 9, 26);
const UNTIL_2100 = Date.UTC(2100, 0, 1);
const moments = fc.integer({ min: SINCE_2014_RULE, max: UNTIL_2100 });
const days = fc
  .date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe('moscow time of the export files', () => {
  test.prop([moments])('the text is the Moscow clock as the zone database reads it', (ms) => {
    expect(moscowDateTimeText(ms)).toBe(intlMoscow.format(new Date(ms)).replace(',', ''));
  });

  test.prop([moments])('the wall-clock Date reads the same day and minute in its UTC fields', (ms) => {
    const wall = moscowWallClock(ms).toISOString();
    const text = `${wall.slice(8, 10)}.${wall.slice(5, 7)}.${wall.slice(0, 4)} ${wall.slice(11, 16)}`;
    expect(text).toBe(moscowDateTimeText(ms));
  });

  test.prop([days])('a calendar day round-trips and is written DD.MM.YYYY', (day) => {
    expect(calendarDay(day)?.toISOString().slice(0, 10)).toBe(day);
    expect(calendarDayText(day)).toBe(`${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`);
  });

  test.prop([fc.string({ maxLength: 12 })])(
    'anything that is not a real day is no date and is written as given',
    (text) => {
      fc.pre(calendarDay(text) === null);
      expect(calendarDayText(text)).toBe(text);
    },
  );

  test.prop([fc.constantFrom('2026-02-29', '2026-02-31', '2026-13-01', '2026-04-31')])(
    'impossible days are no dates',
    (day) => {
      expect(calendarDay(day)).toBeNull();
    },
  );
});
