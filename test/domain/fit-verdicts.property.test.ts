import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { boxFitsLift, boxPassesCorridor, boxPassesDoor, fitCheck } from '../../shared-rules/fit-check-rule';
import {
  homeMeasurementProblems,
  type SavedHomeMeasurements,
} from '../../shared-rules/home-measurements-rule';
import { ITEM_CLASSES } from '../../shared-rules/item-class-rule';
import { fitVerdict, fitVerdictsOfLines, isLargeItem } from '../../src/domain/fit-verdicts';
import { checkDraft, draftOf, parseStoredHomeMeasurements } from '../../src/domain/home-measurements';

/**
 * Issue 23, item 6 (docs/delivery-dates.md «Поместится?»): the per-item verdicts say what the shared
 * fit rule says — the door and corridor sentences agree with it, the lift's sends the box up the
 * stairs exactly when the cabin refuses (or there is none) and names the floor — and the form and
 * browser storage keep exactly the measurements within the shared limits.
 */

const side = fc.integer({ min: 5, max: 350 });
const box = fc.record({ widthCm: side, depthCm: side, heightCm: side });
const cabin = fc.record({
  widthCm: fc.integer({ min: 50, max: 400 }),
  depthCm: fc.integer({ min: 50, max: 400 }),
  heightCm: fc.integer({ min: 150, max: 400 }),
});
const home: fc.Arbitrary<SavedHomeMeasurements> = fc.record({
  doorWidthCm: fc.integer({ min: 40, max: 300 }),
  doorHeightCm: fc.option(fc.integer({ min: 150, max: 400 }), { nil: null }),
  corridorWidthCm: fc.option(fc.integer({ min: 40, max: 1000 }), { nil: null }),
  lift: fc.option(cabin, { nil: null }),
  floor: fc.option(fc.integer({ min: 1, max: 99 }), { nil: null }),
});

describe('the verdict of one packed box', () => {
  test.prop([box, home])('agrees with the shared rule on the door, the corridor and the lift', (b, h) => {
    const verdict = fitVerdict(b, h);
    const door = verdict.statements.find((statement) => statement.check === 'door');
    expect(door?.ok).toBe(boxPassesDoor(b, h.doorWidthCm, h.doorHeightCm ?? 200).fits);
    const corridor = verdict.statements.find((statement) => statement.check === 'corridor');
    expect(corridor?.ok).toBe(
      h.corridorWidthCm === null ? undefined : boxPassesCorridor(b, h.corridorWidthCm),
    );
    const lift = verdict.statements.find((statement) => statement.check === 'lift');
    expect(lift?.ok).toBe(h.lift !== null && boxFitsLift(b, h.lift).fits);
    // «Не пройдёт» exactly when the shared rule says so; stairs only when the door and corridor let it in.
    const shared = fitCheck(b, h);
    expect(verdict.outcome === 'does_not_pass').toBe(shared.verdict === 'does_not_pass');
    if (h.lift !== null) expect(verdict.outcome).toBe(shared.verdict);
  });

  test.prop([box, home])('a refused door says by how much when the narrowest side is the reason', (b, h) => {
    const door = fitVerdict(b, h).statements[0];
    if (door?.ok !== false) return;
    const narrow = Math.min(b.widthCm, b.depthCm, b.heightCm);
    if (narrow > h.doorWidthCm - 1) {
      expect(door.text).toBe(
        `Не пройдёт в дверь: ширина упаковки ${narrow} см больше проёма ${h.doorWidthCm} см`,
      );
    } else {
      expect(door.text).toMatch(/^Не пройдёт в дверь: упаковка .* даже наклонно$/);
    }
  });

  test.prop([box, home])('going up the stairs names the floor when it is known', (b, h) => {
    const lift = fitVerdict(b, h).statements.at(-1);
    if (lift?.ok !== false) return;
    expect(lift.text).toMatch(/подъём по лестнице/);
    if (h.floor !== null) expect(lift.text.endsWith(`, этаж ${h.floor}`)).toBe(true);
  });

  it('says the words of the brief for a sofa and an 80 cm door', () => {
    const verdict = fitVerdict(
      { widthCm: 230, depthCm: 95, heightCm: 120 },
      { doorWidthCm: 80, doorHeightCm: 200, corridorWidthCm: null, lift: null, floor: 4 },
    );
    expect(verdict).toEqual({
      outcome: 'does_not_pass',
      statements: [
        { check: 'door', ok: false, text: 'Не пройдёт в дверь: ширина упаковки 95 см больше проёма 80 см' },
        { check: 'lift', ok: false, text: 'Лифта нет — подъём по лестнице, этаж 4' },
      ],
    });
  });
});

describe('the cart’s large lines', () => {
  const itemClass = fc.option(fc.constantFrom(...ITEM_CLASSES), { nil: null });
  const line = fc.record({
    productId: fc.integer({ min: 1, max: 1000 }),
    name: fc.string(),
    item: fc.option(fc.record({ itemClass, packed: fc.option(box, { nil: null }) }), { nil: null }),
  });

  test.prop([fc.array(line, { maxLength: 8 }), home])(
    'checks exactly the large lines, in the cart’s order, each as its box alone',
    (lines, h) => {
      const verdicts = fitVerdictsOfLines(lines, h);
      const large = lines.filter((candidate) => candidate.item !== null && isLargeItem(candidate.item));
      expect(verdicts.map((verdict) => verdict.productId)).toEqual(
        large.map((candidate) => candidate.productId),
      );
      verdicts.forEach((verdict, index) => {
        const packed = large[index]?.item?.packed;
        if (packed === null || packed === undefined) throw new Error('a large line without a box');
        expect(verdict.verdict).toEqual(fitVerdict(packed, h));
      });
    },
  );
});

describe('the measurements form and browser storage', () => {
  test.prop([home])('a kept record reads back from the form and from storage as it was', (h) => {
    expect(homeMeasurementProblems(h)).toEqual({});
    expect(checkDraft(draftOf(h))).toEqual({ ok: true, value: h });
    expect(parseStoredHomeMeasurements(JSON.parse(JSON.stringify(h)))).toEqual(h);
  });

  test.prop([home, fc.constantFrom('doorWidthCm', 'doorHeightCm', 'corridorWidthCm', 'floor'), fc.integer()])(
    'a value outside the limits is refused by the form, the shared rule and storage alike',
    (h, field, value) => {
      const changed = { ...h, [field]: value };
      const refused = Object.keys(homeMeasurementProblems(changed)).length > 0;
      expect(parseStoredHomeMeasurements(changed) === null).toBe(refused);
      const check = checkDraft(draftOf(changed));
      expect(check.ok).toBe(!refused);
      if (!check.ok) expect(Object.keys(check.problems)).toContain(field);
    },
  );

  test.prop([fc.anything()])('storage never yields anything but valid measurements or nothing', (stored) => {
    const read = parseStoredHomeMeasurements(stored);
    if (read !== null) expect(homeMeasurementProblems(read)).toEqual({});
  });

  it('asks for the door, and for the cabin while there is a lift, in Russian', () => {
    expect(checkDraft(draftOf(null))).toEqual({
      ok: false,
      problems: {
        doorWidthCm: 'Укажите: ширина двери.',
        liftWidthCm: 'Укажите: ширина кабины лифта.',
        liftDepthCm: 'Укажите: глубина кабины лифта.',
        liftHeightCm: 'Укажите: высота кабины лифта.',
      },
    });
    const noLift = { ...draftOf(null), hasLift: false };
    expect(
      checkDraft({ ...noLift, values: { ...noLift.values, doorWidthCm: ' 80,0 ', floor: '3.5' } }),
    ).toEqual({
      ok: false,
      problems: { floor: 'Этаж — целое число.' },
    });
  });
});
