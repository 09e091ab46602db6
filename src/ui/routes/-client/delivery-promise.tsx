import type { DeliveryPromise } from '../../../application/ports/delivery.port';

/**
 * «Привезём 3–5 декабря» under the product's price (issue 23, item 5): the server's earliest range
 * from today in Moscow, in working days. Read by the product route's loader with the page, so the
 * server-drawn page carries it and the browser's first render answers it from the document's record;
 * a failed read shows nothing.
 */
export function DeliveryPromiseNote({
  promise,
  className,
}: {
  promise: DeliveryPromise | null;
  className?: string;
}) {
  if (promise === null) return null;
  return (
    <p className={className} data-testid="delivery-promise">
      {promise.text}
    </p>
  );
}
