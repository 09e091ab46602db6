import type { OrderQuote, ServiceLine } from './ports/orders.port';

/**
 * The delivery and service lines of a checkout quote (issue 23: «Доставка», «Доставка ко времени: …»,
 * «Подъём на 7 этаж без лифта», «Сборка»…), none in an answer from before them. The cart and the
 * checkout list them through this, so neither view reads the port's record itself.
 */
export function lineItemsOf(quote: OrderQuote): readonly ServiceLine[] {
  return quote.services ?? [];
}

/** Whether the tariffs priced the delivery itself (a «Доставка» line), so the manager need not tell it. */
export function deliveryPriced(quote: OrderQuote | null): boolean {
  return quote !== null && lineItemsOf(quote).some((line) => line.kind === 'delivery');
}
