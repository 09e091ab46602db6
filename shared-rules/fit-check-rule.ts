/**
 * «Поместится?» (issue 23, item 6; docs/delivery-dates.md «Поместится?»): whether a packed box passes
 * the shopper's entrance door, corridor and lift cabin, and why, in Russian. The browser checks as the
 * shopper types the sizes; the rule is here so the product page, the cart and any server check agree.
 * Pure and total; sizes are centimetres.
 *
 * The rule (after West Elm's published delivery rule: the doorway must be wider than the item's depth,
 * its diagonal depth or its height):
 * - The box is carried through an opening along one of its three sides, so its cross-section is the
 *   other two sides. It passes a door of width W and height H (200 cm when not given) when some
 *   cross-section a×b fits: upright (a < W and b < H, «дверь шире, чем глубина/высота упаковки»), or
 *   tilted by an angle θ in the opening (a·cos θ + b·sin θ < W and a·sin θ + b·cos θ < H, «по диагонали»),
 *   θ checked every half degree.
 * - A corridor of width C lets the box through when its narrowest side is under C (the box is carried
 *   on edge along the corridor; the turns are not modelled, so this is a necessary condition).
 * - The lift cabin w×d×h takes the box when some orientation fits (each side under the matching cabin
 *   side), or the box stands tilted in the cabin's depth×height plane with its third side under the
 *   cabin width. Otherwise the box goes up the stairs and carrying it up is priced (the tariff's floors).
 * A clearance of 1 cm is kept on every check: a box exactly as wide as the door does not pass.
 */

export interface BoxSize {
  readonly widthCm: number;
  readonly depthCm: number;
  readonly heightCm: number;
}

export interface LiftCabin {
  readonly widthCm: number;
  readonly depthCm: number;
  readonly heightCm: number;
}

/** What the shopper measured once (kept with the address, and in the account when signed in). */
export interface HomeMeasurements {
  readonly doorWidthCm: number | null;
  /** Most interior and entrance doors in Russia are 200 cm high; used when not measured. */
  readonly doorHeightCm: number | null;
  readonly corridorWidthCm: number | null;
  /** Null: no lift (or not measured). */
  readonly lift: LiftCabin | null;
}

const STANDARD_DOOR_HEIGHT_CM = 200;
const CLEARANCE_CM = 1;
const ANGLE_STEP_DEGREES = 0.5;

export type OpeningFit =
  | { readonly fits: true; readonly how: 'upright' | 'tilted'; readonly angleDegrees: number }
  | { readonly fits: false };

const positive = (value: number): number => (Number.isFinite(value) && value > 0 ? value : 0);

/** Whether a rectangle a×b passes an opening W×H, upright or tilted (the angle it found). */
export function rectangleFitsOpening(
  a: number,
  b: number,
  openingWidth: number,
  openingHeight: number,
): OpeningFit {
  const width = positive(openingWidth) - CLEARANCE_CM;
  const height = positive(openingHeight) - CLEARANCE_CM;
  const sideA = positive(a);
  const sideB = positive(b);
  if ((sideA <= width && sideB <= height) || (sideB <= width && sideA <= height)) {
    return { fits: true, how: 'upright', angleDegrees: 0 };
  }
  for (let degrees = ANGLE_STEP_DEGREES; degrees < 90; degrees += ANGLE_STEP_DEGREES) {
    const theta = (degrees * Math.PI) / 180;
    const cos = Math.cos(theta);
    const sin = Math.sin(theta);
    for (const [p, q] of [
      [sideA, sideB],
      [sideB, sideA],
    ] as const) {
      if (p * cos + q * sin <= width && p * sin + q * cos <= height) {
        return { fits: true, how: 'tilted', angleDegrees: degrees };
      }
    }
  }
  return { fits: false };
}

const sidesOf = (box: BoxSize): readonly [number, number, number] => [
  positive(box.widthCm),
  positive(box.depthCm),
  positive(box.heightCm),
];

/** The three cross-sections of a box (the pair of sides left when it is carried along the third). */
const crossSections = (box: BoxSize): readonly (readonly [number, number])[] => {
  const [w, d, h] = sidesOf(box);
  return [
    [d, h],
    [w, h],
    [w, d],
  ];
};

export function boxPassesDoor(box: BoxSize, doorWidthCm: number, doorHeightCm: number): OpeningFit {
  let best: OpeningFit = { fits: false };
  for (const [a, b] of crossSections(box)) {
    const fit = rectangleFitsOpening(a, b, doorWidthCm, doorHeightCm);
    if (fit.fits && fit.how === 'upright') return fit;
    if (fit.fits) best = fit;
  }
  return best;
}

export function boxPassesCorridor(box: BoxSize, corridorWidthCm: number): boolean {
  return Math.min(...sidesOf(box)) <= positive(corridorWidthCm) - CLEARANCE_CM;
}

const PERMUTATIONS: readonly (readonly [number, number, number])[] = [
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
];

export function boxFitsLift(box: BoxSize, cabin: LiftCabin): OpeningFit {
  const sides = sidesOf(box);
  const cabinW = positive(cabin.widthCm) - CLEARANCE_CM;
  const cabinD = positive(cabin.depthCm);
  const cabinH = positive(cabin.heightCm);
  for (const [i, j, k] of PERMUTATIONS) {
    const [x, y, z] = [sides[i] ?? 0, sides[j] ?? 0, sides[k] ?? 0];
    if (x <= cabinW && y <= cabinD - CLEARANCE_CM && z <= cabinH - CLEARANCE_CM) {
      return { fits: true, how: 'upright', angleDegrees: 0 };
    }
  }
  for (const [i, j, k] of PERMUTATIONS) {
    const [x, y, z] = [sides[i] ?? 0, sides[j] ?? 0, sides[k] ?? 0];
    if (x > cabinW) continue;
    const tilted = rectangleFitsOpening(y, z, cabinD, cabinH);
    if (tilted.fits) return tilted;
  }
  return { fits: false };
}

type FitVerdict = 'passes' | 'does_not_pass' | 'stairs' | 'unknown';

export interface FitCheck {
  /** passes: door, corridor and lift (when there is one) let it through; stairs: only the lift does not. */
  readonly verdict: FitVerdict;
  /** Each reason as a sentence, in the order door, corridor, lift. */
  readonly reasons: readonly string[];
}

const cm = (value: number): string => `${Math.round(value * 10) / 10} см`;

/** The fit of a packed box into the shopper's home, with the reasons in Russian. */
export function fitCheck(box: BoxSize, home: HomeMeasurements): FitCheck {
  const reasons: string[] = [];
  let blocked = false;
  let measured = false;
  const [w, d, h] = sidesOf(box);
  if (home.doorWidthCm !== null) {
    measured = true;
    const doorHeight = home.doorHeightCm ?? STANDARD_DOOR_HEIGHT_CM;
    const fit = boxPassesDoor(box, home.doorWidthCm, doorHeight);
    if (!fit.fits) {
      blocked = true;
      reasons.push(
        `Не проходит в дверь ${cm(home.doorWidthCm)} × ${cm(doorHeight)}: упаковка ${cm(w)} × ${cm(d)} × ${cm(h)}.`,
      );
    } else if (fit.how === 'upright') {
      reasons.push(`Проходит в дверь ${cm(home.doorWidthCm)}: дверь шире, чем упаковка в узкой стороне.`);
    } else {
      reasons.push(`Проходит в дверь ${cm(home.doorWidthCm)} по диагонали, если наклонить упаковку.`);
    }
  }
  if (home.corridorWidthCm !== null) {
    measured = true;
    if (boxPassesCorridor(box, home.corridorWidthCm)) {
      reasons.push(`Проходит по коридору ${cm(home.corridorWidthCm)}.`);
    } else {
      blocked = true;
      reasons.push(
        `Коридор ${cm(home.corridorWidthCm)} уже самой узкой стороны упаковки (${cm(Math.min(w, d, h))}).`,
      );
    }
  }
  let stairs = false;
  if (home.lift !== null) {
    measured = true;
    const cabin = home.lift;
    const fit = boxFitsLift(box, cabin);
    if (fit.fits) {
      reasons.push(
        fit.how === 'upright' ? 'Помещается в лифт.' : 'Помещается в лифт, если поставить упаковку наклонно.',
      );
    } else {
      stairs = true;
      reasons.push(
        `Не помещается в лифт ${cm(cabin.widthCm)} × ${cm(cabin.depthCm)} × ${cm(cabin.heightCm)}: поднимем по лестнице, подъём оплачивается по тарифу.`,
      );
    }
  }
  if (!measured) return { verdict: 'unknown', reasons: ['Укажите ширину двери, коридора и размеры лифта.'] };
  return { verdict: blocked ? 'does_not_pass' : stairs ? 'stairs' : 'passes', reasons };
}
