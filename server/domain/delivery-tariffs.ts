/**
 * The delivery tariffs the owner edits (issue 23, item 1; docs/delivery.md «Tariffs»): delivery by
 * zone, carrying up per floor by item class and lift, assembly by class (a price per item or a
 * percent of the goods), dismantling, door removal, taking the old furniture away and the free
 * delivery threshold. Pure: the model, its check (Russian messages) and the seeded Saint Petersburg
 * prices. Every amount is whole roubles in kopecks (docs/money.md: services are whole roubles).
 */
import { ITEM_CLASS_LABELS, ITEM_CLASSES, type ItemClass } from '../../shared-rules/item-class-rule';
import { formatKopecks, KOPECKS_PER_ROUBLE, type Kopecks } from '../../shared-rules/money-rule';

/** Assembly of one item: a fixed price, or a percent of the line's goods after the discount. */
type AssemblyPrice =
  | { readonly kind: 'fixed'; readonly amount: Kopecks }
  | { readonly kind: 'percent'; readonly percent: number };

export interface ClassTariff {
  /** Carrying one item up the stairs, per floor above the first. */
  readonly carryPerFloor: Kopecks;
  /** Carrying one item up by a passenger lift, whatever the floor; null: it does not fit, stairs. */
  readonly carryPassengerLift: Kopecks | null;
  readonly assembly: AssemblyPrice;
}

export interface DeliveryTariffs {
  /** Goods (after the discount) from which delivery itself is free (spec §9: 30 000 ₽). */
  readonly freeDeliveryFrom: Kopecks;
  /** Delivery within the ring road (КАД), per order. */
  readonly insideKad: Kopecks;
  /** Delivery beyond the ring road: this base (free from the threshold) plus `outsideKadPerKm` per km. */
  readonly outsideKadBase: Kopecks;
  readonly outsideKadPerKm: Kopecks;
  /** Carrying one item up by a freight lift, whatever the floor. */
  readonly freightLiftPerItem: Kopecks;
  readonly dismantlingPerItem: Kopecks;
  /** Taking the doors off their hinges and back, per order. */
  readonly doorRemoval: Kopecks;
  readonly oldFurnitureRemovalPerItem: Kopecks;
  readonly classes: Readonly<Record<ItemClass, ClassTariff>>;
}

/** The most any single price may be: 1 000 000 ₽ (a typo guard, far above any real tariff). */
const MAX_TARIFF_PRICE: Kopecks = 1_000_000 * KOPECKS_PER_ROUBLE;

const rub = (roubles: number): Kopecks => roubles * KOPECKS_PER_ROUBLE;

const fixed = (roubles: number): AssemblyPrice => ({ kind: 'fixed', amount: rub(roubles) });

/**
 * Saint Petersburg prices of 2026 (research: furniture-and-russian-market.md §2.2 — divanday.ru,
 * meb-econom.ru, gorodstor.ru): 1 500 ₽ in the city, 40 ₽ per km beyond the ring road, a freight lift
 * 800 ₽ per item, carrying 200–400 ₽ per floor for large items, door removal 400 ₽.
 */
export const SEEDED_TARIFFS: DeliveryTariffs = {
  freeDeliveryFrom: rub(30_000),
  insideKad: rub(1_500),
  outsideKadBase: rub(1_500),
  outsideKadPerKm: rub(40),
  freightLiftPerItem: rub(800),
  dismantlingPerItem: rub(500),
  doorRemoval: rub(400),
  oldFurnitureRemovalPerItem: rub(1_500),
  classes: {
    sofa: { carryPerFloor: rub(250), carryPassengerLift: null, assembly: fixed(1_500) },
    corner_sofa: { carryPerFloor: rub(300), carryPassengerLift: null, assembly: fixed(2_000) },
    armchair: { carryPerFloor: rub(200), carryPassengerLift: rub(300), assembly: fixed(500) },
    wardrobe: {
      carryPerFloor: rub(400),
      carryPassengerLift: null,
      assembly: { kind: 'percent', percent: 10 },
    },
    bed_large: { carryPerFloor: rub(400), carryPassengerLift: null, assembly: fixed(2_500) },
    bed_small: { carryPerFloor: rub(300), carryPassengerLift: null, assembly: fixed(1_800) },
    mattress: { carryPerFloor: rub(200), carryPassengerLift: null, assembly: fixed(0) },
    chest: {
      carryPerFloor: rub(200),
      carryPassengerLift: rub(300),
      assembly: { kind: 'percent', percent: 10 },
    },
    table: { carryPerFloor: rub(200), carryPassengerLift: rub(300), assembly: fixed(800) },
    chair: { carryPerFloor: rub(50), carryPassengerLift: rub(100), assembly: fixed(300) },
    large_appliance: { carryPerFloor: rub(300), carryPassengerLift: rub(500), assembly: fixed(0) },
    small_item: { carryPerFloor: 0, carryPassengerLift: 0, assembly: fixed(0) },
  },
};

export interface TariffProblem {
  /** Dotted path of the field, e.g. `classes.sofa.carryPerFloor`. */
  readonly field: string;
  readonly message: string;
}

const FIELD_LABELS: Readonly<Record<string, string>> = {
  freeDeliveryFrom: 'Бесплатная доставка от',
  insideKad: 'Доставка в пределах КАД',
  outsideKadBase: 'Доставка за КАД',
  outsideKadPerKm: 'За каждый км за КАД',
  freightLiftPerItem: 'Подъём на грузовом лифте',
  dismantlingPerItem: 'Разборка перед подъёмом',
  doorRemoval: 'Снятие дверей',
  oldFurnitureRemovalPerItem: 'Вывоз старой мебели',
  carryPerFloor: 'подъём за этаж',
  carryPassengerLift: 'подъём на пассажирском лифте',
  assembly: 'сборка',
};

function priceProblem(field: string, label: string, amount: Kopecks): TariffProblem | null {
  if (!Number.isSafeInteger(amount) || amount < 0)
    return { field, message: `${label}: цена не может быть отрицательной.` };
  if (amount % KOPECKS_PER_ROUBLE !== 0) return { field, message: `${label}: укажите цену в целых рублях.` };
  if (amount > MAX_TARIFF_PRICE)
    return { field, message: `${label}: цена не может быть больше ${formatKopecks(MAX_TARIFF_PRICE)}.` };
  return null;
}

/** The problems of a tariffs document, each with its field and a Russian message; none when valid. */
export function tariffProblems(tariffs: DeliveryTariffs): TariffProblem[] {
  const problems: TariffProblem[] = [];
  const check = (field: string, label: string, amount: Kopecks) => {
    const problem = priceProblem(field, label, amount);
    if (problem !== null) problems.push(problem);
  };
  for (const field of [
    'freeDeliveryFrom',
    'insideKad',
    'outsideKadBase',
    'outsideKadPerKm',
    'freightLiftPerItem',
    'dismantlingPerItem',
    'doorRemoval',
    'oldFurnitureRemovalPerItem',
  ] as const) {
    check(field, FIELD_LABELS[field] ?? field, tariffs[field]);
  }
  for (const itemClass of ITEM_CLASSES) {
    const tariff = tariffs.classes[itemClass];
    const name = ITEM_CLASS_LABELS[itemClass];
    const at = (field: string) => `classes.${itemClass}.${field}`;
    check(at('carryPerFloor'), `${name}, ${FIELD_LABELS.carryPerFloor}`, tariff.carryPerFloor);
    if (tariff.carryPassengerLift !== null)
      check(
        at('carryPassengerLift'),
        `${name}, ${FIELD_LABELS.carryPassengerLift}`,
        tariff.carryPassengerLift,
      );
    if (tariff.assembly.kind === 'fixed') {
      check(at('assembly'), `${name}, ${FIELD_LABELS.assembly}`, tariff.assembly.amount);
    } else if (
      !Number.isFinite(tariff.assembly.percent) ||
      tariff.assembly.percent < 0 ||
      tariff.assembly.percent > 100 ||
      Math.abs(Math.round(tariff.assembly.percent * 100) - tariff.assembly.percent * 100) > 1e-6
    ) {
      problems.push({
        field: at('assembly'),
        message: `${name}, ${FIELD_LABELS.assembly}: процент — от 0 до 100, не больше двух знаков после запятой.`,
      });
    }
  }
  return problems;
}
