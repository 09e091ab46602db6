import { useEffect, useState } from 'react';
import type { DeliveryPromise } from '../../../application/ports/delivery.port';
import { productDeliveryPromise } from '../../../application/queries/delivery.queries';
import { useUseCase } from '../../shell/shop-context';

/**
 * «Привезём 3–5 декабря» under the product's price (issue 23, item 5): the server's earliest range
 * from today in Moscow, in working days. Drawn after the read, so the server-drawn page and its first
 * client render agree; a failed read shows nothing.
 */
export function DeliveryPromiseNote({ productId, className }: { productId: number; className?: string }) {
  const readPromise = useUseCase(productDeliveryPromise);
  const [promise, setPromise] = useState<DeliveryPromise | null>(null);
  useEffect(() => {
    let live = true;
    setPromise(null);
    void readPromise(productId).then((read) => {
      if (live) setPromise(read);
    });
    return () => {
      live = false;
    };
  }, [readPromise, productId]);
  if (promise === null) return null;
  return (
    <p className={className} data-testid="delivery-promise">
      {promise.text}
    </p>
  );
}
