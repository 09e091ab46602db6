import { describeStockRefusal } from '../../domain/stock-ledger';
import { OutOfStockError, PromoLimitError } from '../order-limits';

/**
 * A manager's change refused by the stock ledger or a promo code's limit (issue 22): the repository
 * throws inside its transaction (rolled back), the use case answers this refusal with a Russian
 * message naming the product and what is available («Недостаточно товара «Диван Осло»: для заказа
 * доступно 2 шт., указано 5.»). Null for any other error (rethrown).
 */
export function adminLimitRefusal(
  error: unknown,
): { readonly error: 'out_of_stock' | 'promo_limit'; readonly message: string } | null {
  if (error instanceof OutOfStockError) {
    return {
      error: 'out_of_stock',
      message: error.shortages
        .map((line) => describeStockRefusal(line.name, line.available, line.requested))
        .join(' '),
    };
  }
  if (error instanceof PromoLimitError) {
    return {
      error: 'promo_limit',
      message:
        error.reason === 'total'
          ? 'Промокод больше не действует: лимит использований исчерпан.'
          : 'Клиент уже использовал этот промокод максимальное число раз.',
    };
  }
  return null;
}
