import { useEffect, useMemo, useState } from 'react';
import type { ProductsDelivery } from '../../../application/ports/delivery.port';
import { cartDeliveryFacts } from '../../../application/queries/delivery.queries';
import { isLargeItem } from '../../../domain/fit-verdicts';
import { useUseCase } from '../../shell/shop-context';
import { lineName } from './cart-view';
import * as layout from './client.css';
import { type FitItem, FitPanel } from './fit-panel';
import { useCart } from './shop-hooks';

/**
 * The cart's delivery (issue 23, items 5–6): «Привезём 3–5 декабря» for the whole cart (one delivery,
 * when its slowest line is ready — the server's working-day calendar, never a speed), and
 * «Поместится?» for its large lines. The lines' facts are one read; a failed read shows nothing.
 */
export function CartDeliveryAndFit() {
  const cart = useCart();
  const readFacts = useUseCase(cartDeliveryFacts);
  const ids = useMemo(() => cart.map((line) => line.id), [cart]);
  const idsKey = ids.join(',');
  const [facts, setFacts] = useState<{
    readonly key: string;
    readonly answer: ProductsDelivery | null;
  } | null>(null);
  useEffect(() => {
    let live = true;
    const asked = idsKey === '' ? [] : idsKey.split(',').map(Number);
    void readFacts(asked).then((answer) => {
      if (live) setFacts({ key: idsKey, answer });
    });
    return () => {
      live = false;
    };
  }, [idsKey, readFacts]);
  // An answer for another set of lines (one was just removed) is not shown while the new one comes.
  const answer = facts?.key === idsKey ? facts.answer : null;
  const large = useMemo(() => {
    if (answer === null) return [];
    const byId = new Map(answer.items.map((item) => [item.productId, item]));
    const found: FitItem[] = [];
    for (const line of cart) {
      const fact = byId.get(line.id);
      if (fact === undefined) continue;
      const item = { itemClass: fact.itemClass, packed: fact.packed };
      if (isLargeItem(item)) found.push({ productId: line.id, name: lineName(line), item });
    }
    return found;
  }, [answer, cart]);
  if (answer === null) return null;
  return (
    <div className={`${layout.page} ${layout.stack}`} data-testid="cart-delivery">
      {answer.together !== null && (
        <p className={layout.muted} data-testid="cart-delivery-promise">
          {answer.together.text}
        </p>
      )}
      <FitPanel items={large} showNames />
    </div>
  );
}
