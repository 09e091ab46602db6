/**
 * Limits an order meets inside its own create transaction (issue 11): the stock of every line and
 * the promo code's total and per-client usage limits. The repository throws these to roll the order
 * back; the order use case turns them into a refusal the shopper can act on.
 */
export interface StockShortage {
  readonly productId: number;
  readonly name: string;
  readonly requested: number;
  /** Units left (0 when none). */
  readonly available: number;
}

export class OutOfStockError extends Error {
  constructor(readonly shortages: readonly StockShortage[]) {
    super('out of stock');
    this.name = 'OutOfStockError';
  }
}

export class PromoLimitError extends Error {
  constructor(readonly reason: 'total' | 'per_client') {
    super('promo limit reached');
    this.name = 'PromoLimitError';
  }
}

/** «Диван Милан» — осталось 1 шт., в заказе 2. One line per shortage, in Russian. */
export function describeShortages(shortages: readonly StockShortage[]): string {
  const lines = shortages.map((line) =>
    line.available === 0
      ? `«${line.name}» — нет в наличии`
      : `«${line.name}» — осталось ${line.available} шт., в заказе ${line.requested}`,
  );
  return `Недостаточно товара на складе: ${lines.join('; ')}. Измените количество в корзине.`;
}

export const PROMO_LIMIT_MESSAGES: Readonly<Record<PromoLimitError['reason'], string>> = {
  total: 'Промокод больше не действует: лимит использований исчерпан.',
  per_client: 'Вы уже использовали этот промокод максимальное число раз.',
};

/** Issue 23: the chosen delivery day has no place left (the order was not made). */
export class DeliveryDayFullError extends Error {
  constructor(readonly day: string) {
    super('delivery day full');
    this.name = 'DeliveryDayFullError';
  }
}

export const DELIVERY_DAY_FULL_MESSAGE =
  'На этот день доставки мест больше нет. Выберите другой день — список дней обновлён.';
