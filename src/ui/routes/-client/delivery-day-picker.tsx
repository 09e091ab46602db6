import { useEffect, useState } from 'react';
import { formatKopecks } from '../../../../shared-rules/money-rule';
import type { DeliveryOffer, DeliverySlotChoice } from '../../../application/ports/delivery.port';
import { deliveryDaysOffered } from '../../../application/queries/delivery.queries';
import type { Cart } from '../../../domain/cart';
import { useUseCase } from '../../shell/shop-context';
import * as layout from './client.css';

/**
 * The checkout's delivery day and window (issue 23, item 5; docs/delivery-dates.md): the cart's
 * earliest range in words, then the working days the server offers — a full day is shown but cannot
 * be chosen — and, for a chosen day, the free window and the paid slots with their price. Without an
 * answer nothing is offered and the manager agrees the day by phone. The place is taken only when the
 * order is placed (a day that filled up meanwhile is refused with a message).
 */
export function DeliveryDayPicker(props: {
  readonly cart: Cart;
  readonly value: DeliverySlotChoice | null;
  readonly onChange: (slot: DeliverySlotChoice | null) => void;
}) {
  const readDays = useUseCase(deliveryDaysOffered);
  const [offer, setOffer] = useState<DeliveryOffer | null>(null);
  const cartKey = props.cart.map((line) => `${line.id}x${line.quantity}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the cart is read again only when its lines change (cartKey)
  useEffect(() => {
    let live = true;
    void readDays(props.cart.map((line) => ({ id: line.id, quantity: line.quantity }))).then((read) => {
      if (live) setOffer(read);
    });
    return () => {
      live = false;
    };
  }, [readDays, cartKey]);
  if (offer === null || offer.days.length === 0) return null;
  const chosenDay = props.value?.day ?? null;
  const firstWindow = offer.windows[0]?.id ?? null;
  return (
    <fieldset className={layout.fieldset} data-testid="delivery-day-picker">
      <legend className={layout.legend}>День доставки</legend>
      {offer.promise !== null && <p className={layout.muted}>{offer.promise.text}</p>}
      <div className={layout.choiceList} role="radiogroup" aria-label="День доставки">
        {offer.days.map((day) => (
          <label key={day.day} className={layout.choice}>
            <input
              type="radio"
              name="delivery-day"
              value={day.day}
              disabled={day.full}
              checked={chosenDay === day.day}
              onChange={() =>
                firstWindow !== null &&
                props.onChange({ day: day.day, windowId: props.value?.windowId ?? firstWindow })
              }
            />
            <span className={layout.choiceText}>
              <strong>{day.label}</strong>
              {day.full && <span className={layout.muted}>Мест нет</span>}
            </span>
          </label>
        ))}
      </div>
      {chosenDay !== null && (
        <div className={layout.choiceList} role="radiogroup" aria-label="Время доставки">
          {offer.windows.map((window) => (
            <label key={window.id} className={layout.choice}>
              <input
                type="radio"
                name="delivery-window"
                value={String(window.id)}
                checked={props.value?.windowId === window.id}
                onChange={() => props.onChange({ day: chosenDay, windowId: window.id })}
              />
              <span className={layout.choiceText}>
                <strong>{window.label}</strong>
                <span className={layout.muted}>
                  {window.price === 0 ? 'Бесплатно' : `+${formatKopecks(window.price)}`}
                </span>
              </span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
