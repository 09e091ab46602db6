import type { ReactNode } from 'react';
import { DELIVERY_LINE_LABEL } from '../../../../shared-rules/delivery-service-rule';
import { formatKopecks } from '../../../../shared-rules/money-rule';
import type { OrderQuote } from '../../../application/ports/orders.port';
import { deliveryPriced, lineItemsOf } from '../../../application/quote-lines';
import * as layout from './client.css';

/**
 * The delivery and service rows of a quote: each line («Доставка», «Доставка ко времени: 10:00–13:00»,
 * «Подъём на 7 этаж без лифта», «Сборка»…) with its price, and «Доставка» with the manager's note when
 * the tariffs do not price it (no zone yet, another region).
 */
function ServiceRows({ quote }: { readonly quote: OrderQuote }) {
  const lines = lineItemsOf(quote);
  const priced = deliveryPriced(quote);
  const rest =
    quote.delivery === null ? null : quote.delivery - lines.reduce((sum, line) => sum + line.amount, 0);
  return (
    <>
      {lines.map((line) => (
        <div key={`${line.kind}:${line.label}`} className={layout.totalsRow}>
          <dt>{line.label}</dt>
          <dd>{line.amount === 0 ? 'Бесплатно' : formatKopecks(line.amount)}</dd>
        </div>
      ))}
      {!priced && (
        <div className={layout.totalsRow}>
          <dt>{DELIVERY_LINE_LABEL}</dt>
          <dd>
            {rest === null ? (quote.deliveryNote ?? '') : rest === 0 ? 'Бесплатно' : formatKopecks(rest)}
          </dd>
        </div>
      )}
    </>
  );
}

/**
 * The money before «Подтвердить заказ» (issue 22, item 9), from the server's quote: the same pricing
 * as the order. Until the first quote comes, the cart's own sums stand in.
 */
export function QuoteSummary(props: {
  readonly quote: OrderQuote | null;
  readonly message: string | null;
  readonly fallback: ReactNode;
}) {
  const { quote, message } = props;
  return (
    <>
      {quote === null ? (
        props.fallback
      ) : (
        <dl className={layout.totals} aria-label="Сумма заказа">
          <div className={layout.totalsRow}>
            <dt>Товары</dt>
            <dd>{formatKopecks(quote.subtotal)}</dd>
          </div>
          {quote.discount > 0 && (
            <div className={`${layout.totalsRow} ${layout.savings}`}>
              <dt>Скидка по промокоду</dt>
              <dd>−{formatKopecks(quote.discount)}</dd>
            </div>
          )}
          <ServiceRows quote={quote} />
          <div className={layout.grandTotal}>
            <dt>Итого</dt>
            <dd>{formatKopecks(quote.total)}</dd>
          </div>
        </dl>
      )}
      {message !== null && (
        <p className={layout.notice.warning} role="status">
          {message}
        </p>
      )}
    </>
  );
}

/**
 * The cart's «Доставка и услуги» sums (issue 23, item 3): the quote's delivery and service lines and
 * the total with them, the very figures the checkout and the order show for the same details.
 */
export function DeliveryServicesSummary(props: {
  readonly quote: OrderQuote | null;
  readonly message: string | null;
}) {
  const { quote, message } = props;
  return (
    <>
      {quote !== null && (
        <dl className={layout.totals} aria-label="Доставка и услуги: сумма">
          <ServiceRows quote={quote} />
          <div className={layout.grandTotal}>
            <dt>Итого с доставкой и услугами</dt>
            <dd>{formatKopecks(quote.total)}</dd>
          </div>
        </dl>
      )}
      {message !== null && (
        <p className={layout.notice.warning} role="status">
          {message}
        </p>
      )}
    </>
  );
}
