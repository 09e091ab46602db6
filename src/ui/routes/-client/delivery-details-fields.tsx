import {
  ADDRESS_ZONES,
  DELIVERY_ZONE_LABELS,
  OPTIONAL_SERVICE_LABELS,
  OPTIONAL_SERVICES,
  type OptionalService,
} from '../../../../shared-rules/delivery-service-rule';
import { formatKopecks } from '../../../../shared-rules/money-rule';
import { LIFT_KINDS, LIFT_LABELS } from '../../../../shared-rules/order-options-rule';
import type { ServiceOffer } from '../../../application/ports/orders.port';
import type { CheckoutDeliveryDetails } from '../../../domain/checkout';
import { CheckboxField } from '../../components/checkbox-field';
import { TextField } from '../../components/text-field';
import * as layout from './client.css';

/**
 * Where a courier brings the goods and what else the shopper asks (issue 23; docs/delivery.md): the
 * one zone picker (an address suggestion fills it; the shopper picks or corrects it by hand), km
 * beyond КАД, этаж, лифт, услуги. The cart's «Доставка и услуги» and the checkout show this same
 * component; every change goes to the page's machine, which asks the server for the quote again; the
 * prices are the quote's lines, and each service's checkbox shows the quote's own price for it
 * (`offers`: «Сборка — 2 400 ₽»), never one computed here.
 */
export function DeliveryDetailsFields(props: {
  readonly details: CheckoutDeliveryDetails;
  readonly onChange: (details: Partial<CheckoutDeliveryDetails>) => void;
  /** The quote's price of each service for this cart (none until quoted, or when it is not charged). */
  readonly offers: readonly ServiceOffer[];
}) {
  const { details, onChange, offers } = props;
  const priceOf = (extra: OptionalService): string | null => {
    const offer = offers.find((each) => each.service === extra);
    return offer === undefined ? null : formatKopecks(offer.amount);
  };
  const toggle = (extra: OptionalService, on: boolean) =>
    onChange({
      extras: on
        ? OPTIONAL_SERVICES.filter((each) => each === extra || details.extras.includes(each))
        : details.extras.filter((each) => each !== extra),
    });
  return (
    <>
      <fieldset className={layout.fieldset}>
        <legend className={layout.legend}>Зона доставки</legend>
        <div className={layout.choiceList}>
          {ADDRESS_ZONES.map((zone) => (
            <label key={zone} className={layout.choice}>
              <input
                type="radio"
                name="zone"
                value={zone}
                checked={details.zone === zone}
                onChange={() => onChange({ zone })}
              />
              <span className={layout.choiceText}>{DELIVERY_ZONE_LABELS[zone]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {details.zone === 'outside_kad' && (
        <TextField
          label="Километров за КАД"
          name="kmBeyondKad"
          inputMode="numeric"
          value={details.kmBeyondKad}
          onChange={(event) => onChange({ kmBeyondKad: event.target.value })}
        />
      )}
      {details.zone !== '' && details.zone !== 'region' && (
        <>
          <TextField
            label="Этаж"
            name="floor"
            inputMode="numeric"
            value={details.floor}
            onChange={(event) => onChange({ floor: event.target.value })}
          />
          <fieldset className={layout.fieldset}>
            <legend className={layout.legend}>Лифт</legend>
            <div className={layout.choiceList}>
              {LIFT_KINDS.map((lift) => (
                <label key={lift} className={layout.choice}>
                  <input
                    type="radio"
                    name="lift"
                    value={lift}
                    checked={details.lift === lift}
                    onChange={() => onChange({ lift })}
                  />
                  <span className={layout.choiceText}>{LIFT_LABELS[lift]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className={layout.fieldset}>
            <legend className={layout.legend}>Услуги</legend>
            {OPTIONAL_SERVICES.map((extra) => (
              <CheckboxField
                key={extra}
                label={OPTIONAL_SERVICE_LABELS[extra]}
                hint={priceOf(extra)}
                checked={details.extras.includes(extra)}
                onChange={(event) => toggle(extra, event.target.checked)}
              />
            ))}
          </fieldset>
        </>
      )}
    </>
  );
}
