/**
 * Where a product comes from (issue 23, item 5; docs/delivery-dates.md): in the showroom, in the
 * warehouse, from the supplier in N working days, made to order in N–M working days. The back office's
 * form, the import/export cell and the server's check read the same rule; the delivery date is
 * computed from it (server/domain/delivery-dates.ts).
 */

export const AVAILABILITY_SOURCES = ['showroom', 'warehouse', 'supplier', 'made_to_order'] as const;
export type AvailabilitySourceKind = (typeof AVAILABILITY_SOURCES)[number];

export const AVAILABILITY_SOURCE_LABELS: Readonly<Record<AvailabilitySourceKind, string>> = {
  showroom: 'В шоуруме',
  warehouse: 'На складе',
  supplier: 'От поставщика',
  made_to_order: 'Под заказ',
};

/** The longest lead a product may state, in working days (about a year). */
export const MAX_AVAILABILITY_DAYS = 250;

export interface AvailabilityFields {
  readonly source: AvailabilitySourceKind;
  /** Supplier: its working days; made to order: the fewest. Null otherwise. */
  readonly minDays: number | null;
  /** Made to order: the most working days. Null otherwise. */
  readonly maxDays: number | null;
}

const validDays = (days: number | null): days is number =>
  days !== null && Number.isInteger(days) && days >= 1 && days <= MAX_AVAILABILITY_DAYS;

/** Why the fields do not make a source, in Russian; null when they do. */
export function availabilityProblem(fields: AvailabilityFields): string | null {
  if (fields.source === 'supplier' && !validDays(fields.minDays)) {
    return `Укажите срок поставщика: целое число рабочих дней от 1 до ${MAX_AVAILABILITY_DAYS}.`;
  }
  if (fields.source === 'made_to_order') {
    if (!validDays(fields.minDays) || !validDays(fields.maxDays)) {
      return `Укажите срок изготовления «от» и «до»: целые числа рабочих дней от 1 до ${MAX_AVAILABILITY_DAYS}.`;
    }
    if (fields.minDays > fields.maxDays) return 'Срок изготовления «от» не может быть больше срока «до».';
  }
  return null;
}

/** The fields as stored: days only where the source uses them. */
export function normalisedAvailability(fields: AvailabilityFields): AvailabilityFields {
  if (fields.source === 'supplier') return { source: 'supplier', minDays: fields.minDays, maxDays: null };
  if (fields.source === 'made_to_order') return fields;
  return { source: fields.source, minDays: null, maxDays: null };
}

/** «На складе», «От поставщика, 5 раб. дн.», «Под заказ, 20–30 раб. дн.»: the export cell and the list. */
export function availabilityText(fields: AvailabilityFields): string {
  const label = AVAILABILITY_SOURCE_LABELS[fields.source];
  if (fields.source === 'supplier') return `${label}, ${fields.minDays ?? '?'} раб. дн.`;
  if (fields.source === 'made_to_order')
    return `${label}, ${fields.minDays ?? '?'}–${fields.maxDays ?? '?'} раб. дн.`;
  return label;
}

/**
 * Reads an import cell: the export's own text, or a short form («склад», «шоурум», «поставщик 5»,
 * «под заказ 20-30»). Null when it is not one.
 */
export function parseAvailabilityText(text: string): AvailabilityFields | null {
  const cell = text.trim().toLowerCase().replace(/ё/g, 'е');
  const numbers = (cell.match(/\d+/g) ?? []).map(Number);
  let fields: AvailabilityFields | null = null;
  if (/шоурум/.test(cell)) fields = { source: 'showroom', minDays: null, maxDays: null };
  else if (/склад/.test(cell)) fields = { source: 'warehouse', minDays: null, maxDays: null };
  else if (/поставщик/.test(cell))
    fields = { source: 'supplier', minDays: numbers[0] ?? null, maxDays: null };
  else if (/под\s*заказ/.test(cell))
    fields = {
      source: 'made_to_order',
      minDays: numbers[0] ?? null,
      maxDays: numbers[1] ?? numbers[0] ?? null,
    };
  return fields !== null && availabilityProblem(fields) === null ? fields : null;
}
