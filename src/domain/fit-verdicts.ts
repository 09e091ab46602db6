import {
  type BoxSize,
  boxFitsLift,
  boxPassesCorridor,
  boxPassesDoor,
} from '../../shared-rules/fit-check-rule';
import type { SavedHomeMeasurements } from '../../shared-rules/home-measurements-rule';
import type { ItemClass } from '../../shared-rules/item-class-rule';

/**
 * «Поместится?» per product (issue 23, item 6; docs/delivery-dates.md): whether a line's packed box
 * passes the shopper's door, corridor and lift, each as a sentence the product page and the cart show.
 * The geometry is shared-rules/fit-check-rule.ts; this names the outcome for the shopper.
 */

/** A product's delivery facts as the fit needs them (the server's /api/delivery/products answer). */
export interface PackedItem {
  readonly itemClass: ItemClass | null;
  /** Null when the product has no packed sizes yet. */
  readonly packed: BoxSize | null;
}

/** Classes too small to worry about a door (decor, lamps, textiles): no «Поместится?» for them. */
const SMALL_CLASSES: ReadonlySet<ItemClass> = new Set<ItemClass>(['small_item']);

/** A large item: furniture or an appliance with its packed sizes known. */
export function isLargeItem(item: PackedItem): item is PackedItem & { readonly packed: BoxSize } {
  return (
    item.itemClass !== null &&
    !SMALL_CLASSES.has(item.itemClass) &&
    item.packed !== null &&
    item.packed.widthCm > 0 &&
    item.packed.depthCm > 0 &&
    item.packed.heightCm > 0
  );
}

interface FitStatement {
  readonly check: 'door' | 'corridor' | 'lift';
  /** False: the box does not pass here (for the lift: it goes up the stairs). */
  readonly ok: boolean;
  readonly text: string;
}

export type FitOutcome = 'passes' | 'stairs' | 'does_not_pass';

export interface FitVerdict {
  readonly outcome: FitOutcome;
  /** Door, corridor (when measured), lift: in that order. */
  readonly statements: readonly FitStatement[];
}

/** «Пройдёт», «Пройдёт, подъём по лестнице», «Не пройдёт»: the short answer beside a line. */
export const FIT_OUTCOME_TEXT: Readonly<Record<FitOutcome, string>> = {
  passes: 'Пройдёт',
  stairs: 'Пройдёт, подъём по лестнице',
  does_not_pass: 'Не пройдёт',
};

const CLEARANCE_CM = 1;
const STANDARD_DOOR_HEIGHT_CM = 200;
const cm = (value: number): string => `${Math.round(value * 10) / 10} см`;

function sortedSides(box: BoxSize): readonly [number, number, number] {
  const [a = 0, b = 0, c = 0] = [box.widthCm, box.depthCm, box.heightCm].sort((x, y) => x - y);
  return [a, b, c];
}

function doorStatement(box: BoxSize, home: SavedHomeMeasurements): FitStatement {
  const width = home.doorWidthCm;
  const height = home.doorHeightCm ?? STANDARD_DOOR_HEIGHT_CM;
  const fit = boxPassesDoor(box, width, height);
  if (fit.fits) {
    return {
      check: 'door',
      ok: true,
      text: fit.how === 'upright' ? 'Пройдёт в дверь' : 'Пройдёт в дверь, если наклонить упаковку',
    };
  }
  const [narrow, middle] = sortedSides(box);
  // The box enters an opening by its narrowest side first: when even that is wider, say so plainly.
  if (narrow > width - CLEARANCE_CM) {
    return {
      check: 'door',
      ok: false,
      text: `Не пройдёт в дверь: ширина упаковки ${cm(narrow)} больше проёма ${cm(width)}`,
    };
  }
  return {
    check: 'door',
    ok: false,
    text: `Не пройдёт в дверь: упаковка ${cm(narrow)} × ${cm(middle)} не проходит в проём ${cm(width)} × ${cm(height)} даже наклонно`,
  };
}

function corridorStatement(box: BoxSize, corridorCm: number): FitStatement {
  if (boxPassesCorridor(box, corridorCm)) return { check: 'corridor', ok: true, text: 'Пройдёт по коридору' };
  const [narrow] = sortedSides(box);
  return {
    check: 'corridor',
    ok: false,
    text: `Не пройдёт по коридору: ширина упаковки ${cm(narrow)} больше коридора ${cm(corridorCm)}`,
  };
}

const floorPart = (floor: number | null): string => (floor === null ? '' : `, этаж ${floor}`);

function liftStatement(box: BoxSize, home: SavedHomeMeasurements): FitStatement {
  if (home.lift === null) {
    return { check: 'lift', ok: false, text: `Лифта нет — подъём по лестнице${floorPart(home.floor)}` };
  }
  const fit = boxFitsLift(box, home.lift);
  if (fit.fits) {
    return {
      check: 'lift',
      ok: true,
      text:
        fit.how === 'upright' ? 'Поместится в лифт' : 'Поместится в лифт, если поставить упаковку наклонно',
    };
  }
  return { check: 'lift', ok: false, text: `В лифт не войдёт — подъём по лестнице${floorPart(home.floor)}` };
}

/** The verdict for one packed box in the shopper's home. */
export function fitVerdict(box: BoxSize, home: SavedHomeMeasurements): FitVerdict {
  const statements: FitStatement[] = [doorStatement(box, home)];
  if (home.corridorWidthCm !== null) statements.push(corridorStatement(box, home.corridorWidthCm));
  const lift = liftStatement(box, home);
  statements.push(lift);
  const blocked = statements.some((statement) => statement.check !== 'lift' && !statement.ok);
  return { outcome: blocked ? 'does_not_pass' : lift.ok ? 'passes' : 'stairs', statements };
}

interface LineFit {
  readonly productId: number;
  readonly name: string;
  readonly verdict: FitVerdict;
}

/**
 * The cart's large lines with their verdicts, in the cart's order; small items and lines whose
 * packed sizes are not known are left out (nothing to say about them).
 */
export function fitVerdictsOfLines(
  lines: readonly { readonly productId: number; readonly name: string; readonly item: PackedItem | null }[],
  home: SavedHomeMeasurements,
): readonly LineFit[] {
  const verdicts: LineFit[] = [];
  for (const line of lines) {
    if (line.item === null || !isLargeItem(line.item)) continue;
    verdicts.push({
      productId: line.productId,
      name: line.name,
      verdict: fitVerdict(line.item.packed, home),
    });
  }
  return verdicts;
}
