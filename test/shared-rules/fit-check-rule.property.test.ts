import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  boxFitsLift,
  boxPassesCorridor,
  boxPassesDoor,
  fitCheck,
  rectangleFitsOpening,
} from '../../shared-rules/fit-check-rule';

const size = fc.integer({ min: 5, max: 350 });
const box = fc.record({ widthCm: size, depthCm: size, heightCm: size });
const CLEARANCE = 1;

/** The stated rule of a tilted rectangle p×q in an opening W×H at angle θ (degrees). */
const fitsAt = (p: number, q: number, width: number, height: number, degrees: number): boolean => {
  const theta = (degrees * Math.PI) / 180;
  return (
    p * Math.cos(theta) + q * Math.sin(theta) <= width - CLEARANCE + 1e-9 &&
    p * Math.sin(theta) + q * Math.cos(theta) <= height - CLEARANCE + 1e-9
  );
};

describe('«Поместится?»: the door', () => {
  test.prop([box, size, size])(
    'a box passes when the door is wider than its depth and the rest is under the door height',
    (b, doorWidth, doorHeight) => {
      if (b.depthCm < doorWidth - CLEARANCE && b.heightCm < doorHeight - CLEARANCE) {
        expect(boxPassesDoor(b, doorWidth, doorHeight).fits).toBe(true);
      }
    },
  );

  test.prop([size, size, size, size])(
    'a fit it reports satisfies the stated rule at the angle it names',
    (a, b, width, height) => {
      const fit = rectangleFitsOpening(a, b, width, height);
      if (!fit.fits) return;
      expect(
        fitsAt(a, b, width, height, fit.angleDegrees) || fitsAt(b, a, width, height, fit.angleDegrees),
      ).toBe(true);
    },
  );

  test.prop([size, size, size, size])(
    'nothing passes an opening when even its shorter side is wider than the opening diagonal allows',
    (a, b, width, height) => {
      // The smaller side must be under the opening's smaller side at any angle (a necessary condition).
      if (Math.min(a, b) > Math.min(width, height) - CLEARANCE) {
        expect(rectangleFitsOpening(a, b, width, height).fits).toBe(false);
      }
    },
  );

  test.prop([box, size, size, fc.integer({ min: 0, max: 50 })])(
    'a wider door never turns a pass into a refusal',
    (b, doorWidth, doorHeight, more) => {
      if (boxPassesDoor(b, doorWidth, doorHeight).fits) {
        expect(boxPassesDoor(b, doorWidth + more, doorHeight).fits).toBe(true);
      }
    },
  );

  it('a thin panel box goes through a standard door tilted when it would not upright', () => {
    const fit = rectangleFitsOpening(10, 205, 80, 200);
    expect(fit).toMatchObject({ fits: true, how: 'tilted' });
  });
});

describe('«Поместится?»: corridor and lift', () => {
  test.prop([box, size])(
    'the corridor lets a box through exactly when its narrowest side is under the width',
    (b, corridor) => {
      expect(boxPassesCorridor(b, corridor)).toBe(
        Math.min(b.widthCm, b.depthCm, b.heightCm) <= corridor - CLEARANCE,
      );
    },
  );

  test.prop([box, box])('a box fits the lift when some orientation fits the cabin', (b, cabin) => {
    const sides = [b.widthCm, b.depthCm, b.heightCm].sort((x, y) => x - y);
    const room = [cabin.widthCm, cabin.depthCm, cabin.heightCm].sort((x, y) => x - y);
    const sortedFits = sides.every((side, index) => side <= (room[index] ?? 0) - CLEARANCE);
    if (sortedFits) expect(boxFitsLift(b, cabin).fits).toBe(true);
  });

  test.prop([box, box])('a box larger than the cabin in every sorted side never fits', (b, cabin) => {
    const sides = [b.widthCm, b.depthCm, b.heightCm].sort((x, y) => x - y);
    const room = [cabin.widthCm, cabin.depthCm, cabin.heightCm].sort((x, y) => x - y);
    if ((sides[0] ?? 0) > (room[0] ?? 0) && (sides[1] ?? 0) > (room[1] ?? 0)) {
      expect(boxFitsLift(b, cabin).fits).toBe(false);
    }
  });
});

describe('«Поместится?»: the verdict', () => {
  it('a corner sofa box through an 80 cm door and a small lift: passes, but up the stairs', () => {
    const check = fitCheck(
      { widthCm: 260, depthCm: 95, heightCm: 75 },
      {
        doorWidthCm: 80,
        doorHeightCm: null,
        corridorWidthCm: 110,
        lift: { widthCm: 100, depthCm: 110, heightCm: 210 },
      },
    );
    expect(check.verdict).toBe('stairs');
    expect(check.reasons.join(' ')).toContain('по лестнице');
  });

  it('says what to measure when nothing is measured', () => {
    expect(
      fitCheck(
        { widthCm: 100, depthCm: 50, heightCm: 50 },
        { doorWidthCm: null, doorHeightCm: null, corridorWidthCm: null, lift: null },
      ).verdict,
    ).toBe('unknown');
  });

  test.prop([box, size, size, fc.option(box, { nil: null })])(
    'does not pass exactly when the door or the corridor refuses',
    (b, door, corridor, lift) => {
      const check = fitCheck(b, { doorWidthCm: door, doorHeightCm: null, corridorWidthCm: corridor, lift });
      const blocked = !boxPassesDoor(b, door, 200).fits || !boxPassesCorridor(b, corridor);
      expect(check.verdict === 'does_not_pass').toBe(blocked);
      expect(check.reasons.length).toBe(lift === null ? 2 : 3);
    },
  );
});
