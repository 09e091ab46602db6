import type { ItemClass } from '../../../shared-rules/item-class-rule';

/**
 * The item class and packed size of a demo product (issue 23, item 2), from its name's noun and its
 * sizes and packing specs, so the demo catalogue prices delivery like a real one: a corner sofa is a
 * corner sofa, a bed 180 wide is «от 160», a vase is a small item.
 */
const CLASS_BY_NOUN: readonly (readonly [RegExp, ItemClass])[] = [
  [/^угловой диван/, 'corner_sofa'],
  [/^(диван|софа|садовый диван)/, 'sofa'],
  [/^(кресло|садовое кресло|шезлонг|лежак)/, 'armchair'],
  [/^(шкаф|книжный шкаф|винный шкаф|зеркальный шкаф|стеллаж|пенал)/, 'wardrobe'],
  [/^(кровать|детская кровать)/, 'bed_small'],
  [/^(матрас|ортопедический матрас)/, 'mattress'],
  [/^(комод|тумба|тв-тумба|консоль(?!ный))/, 'chest'],
  [
    /^(стол|обеденный стол|консольный стол|садовый стол|журнальный столик|кофейный столик|приставной столик|столик)/,
    'table',
  ],
  [/^(стул|барный стул|садовый стул|банкетка|пуф)/, 'chair'],
  [
    /^(холодильник|стиральная машина|сушильная машина|ванна|комплект садовой мебели|садовые качели)/,
    'large_appliance',
  ],
];

/** Classes the shop assembles. */
const ASSEMBLED: ReadonlySet<ItemClass> = new Set([
  'sofa',
  'corner_sofa',
  'armchair',
  'wardrobe',
  'bed_large',
  'bed_small',
  'chest',
  'table',
  'chair',
]);

export interface DemoDeliveryFacts {
  readonly itemClass: ItemClass;
  readonly packedWidth: number | null;
  readonly packedDepth: number | null;
  readonly packedHeight: number | null;
  readonly packedWeight: number | null;
  readonly packedBoxes: number | null;
  readonly assemblyAvailable: boolean;
}

const numberIn = (text: string | undefined): number | null => {
  const match = text?.replace(',', '.').match(/\d+(\.\d+)?/);
  return match ? Number(match[0]) : null;
};

export function demoDeliveryFacts(product: {
  readonly name: string;
  readonly width: number | null;
  readonly depth: number | null;
  readonly height: number | null;
  readonly specs: Readonly<Record<string, string>>;
}): DemoDeliveryFacts {
  const name = product.name.toLowerCase().replaceAll('ё', 'е');
  let itemClass: ItemClass = CLASS_BY_NOUN.find(([noun]) => noun.test(name))?.[1] ?? 'small_item';
  if (itemClass === 'bed_small' && (product.width ?? 0) >= 160) itemClass = 'bed_large';
  const boxes = numberIn(product.specs.UPAK_KOLVO) ?? 1;
  // The packing adds a few cm; an item in several boxes is packed flat, its height shared by the boxes.
  const packed = (size: number | null, share = 1) => (size === null ? null : Math.ceil(size / share) + 4);
  return {
    itemClass,
    packedWidth: packed(product.width),
    packedDepth: packed(product.depth),
    packedHeight: packed(product.height, boxes),
    packedWeight: numberIn(product.specs.UPAK_VES),
    packedBoxes: boxes,
    assemblyAvailable: ASSEMBLED.has(itemClass),
  };
}
