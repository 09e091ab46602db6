/**
 * Item classes (issue 23, item 2; docs/delivery.md): what a product is for the delivery tariffs —
 * carrying up, assembly and the rest are priced by class. One vocabulary for the product form, the
 * import and export, the tariffs screen and the quote.
 */
export const ITEM_CLASSES = [
  'sofa',
  'corner_sofa',
  'armchair',
  'wardrobe',
  'bed_large',
  'bed_small',
  'mattress',
  'chest',
  'table',
  'chair',
  'large_appliance',
  'small_item',
] as const;
export type ItemClass = (typeof ITEM_CLASSES)[number];

export const ITEM_CLASS_LABELS: Readonly<Record<ItemClass, string>> = {
  sofa: 'Диван',
  corner_sofa: 'Угловой диван',
  armchair: 'Кресло',
  wardrobe: 'Шкаф',
  bed_large: 'Кровать от 160 см',
  bed_small: 'Кровать до 160 см',
  mattress: 'Матрас',
  chest: 'Комод, тумба',
  table: 'Стол',
  chair: 'Стул',
  large_appliance: 'Крупная бытовая техника',
  small_item: 'Мелкий товар',
};

/** A product without a class is priced as a small item (decor, textiles, lamps). */
export const DEFAULT_ITEM_CLASS: ItemClass = 'small_item';

export function isItemClass(value: unknown): value is ItemClass {
  return typeof value === 'string' && (ITEM_CLASSES as readonly string[]).includes(value);
}

/** The class a label or an id names (the import reads either); null when it names none. */
export function itemClassOf(text: string): ItemClass | null {
  const wanted = text.trim().toLowerCase().replaceAll('ё', 'е');
  if (wanted === '') return null;
  if (isItemClass(wanted)) return wanted;
  const found = ITEM_CLASSES.find(
    (id) => ITEM_CLASS_LABELS[id].toLowerCase().replaceAll('ё', 'е') === wanted,
  );
  return found ?? null;
}
