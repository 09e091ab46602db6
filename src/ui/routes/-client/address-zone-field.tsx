import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { type AddressZone, deliveryZoneText } from '../../../../shared-rules/delivery-service-rule';
import type { AddressSuggestion } from '../../../application/ports/delivery.port';
import { addressSuggestions } from '../../../application/queries/delivery.queries';
import { TextField } from '../../components/text-field';
import { useUseCase } from '../../shell/shop-context';
import * as layout from './client.css';

/** How long the field waits after a keystroke before asking (the service is paid per request). */
const ASK_AFTER_MS = 250;

/** A zone as the quote takes it: the zone and whole km beyond КАД. */
interface ZoneWithKm {
  readonly zone: AddressZone;
  readonly kmBeyondKad: number;
}

/**
 * The courier's address (issue 23, item 4; docs/delivery-dates.md). With the suggestions service the
 * field is a combobox (WAI-ARIA 1.2 list autocomplete: arrows move through the list, Enter takes the
 * option, Escape closes it) and a taken address that tells its zone fills the one priced zone picker
 * (`DeliveryDetailsFields`: inside or outside КАД from its coordinates, with its km) through
 * `onZone`; the shopper may still correct it there. Without the service, or for an address that does
 * not tell, the shopper picks the zone in that picker by hand.
 */
export function AddressZoneField(props: {
  readonly value: string;
  readonly error: string | null;
  /** The priced zone now (the picker's): the told zone is named while it still holds. */
  readonly zone: ZoneWithKm | null;
  readonly onAddress: (value: string) => void;
  readonly onBlur: () => void;
  readonly onZone: (zone: ZoneWithKm) => void;
}) {
  const suggest = useUseCase(addressSuggestions);
  const listId = useId();
  const [enabled, setEnabled] = useState(false);
  const [options, setOptions] = useState<readonly AddressSuggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  /** The zone the taken suggestion told (null: none, the shopper picks it by hand). */
  const [told, setTold] = useState<ZoneWithKm | null>(null);
  const query = props.value.trim();

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      void suggest(query).then((answer) => {
        if (!live) return;
        setEnabled(answer.enabled);
        setOptions(answer.suggestions);
        setActive(-1);
      });
    }, ASK_AFTER_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [suggest, query]);

  const take = (option: AddressSuggestion) => {
    props.onAddress(option.value);
    const zone = option.zone === null ? null : { zone: option.zone, kmBeyondKad: option.kmBeyondKad };
    if (zone !== null) props.onZone(zone);
    setTold(zone);
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!enabled || options.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      const option = options[active];
      if (option !== undefined) take(option);
    } else if (event.key === 'Escape') setOpen(false);
  };
  const listShown = enabled && open && options.length > 0;
  const combobox = enabled
    ? {
        role: 'combobox',
        'aria-expanded': listShown,
        'aria-controls': listId,
        'aria-autocomplete': 'list' as const,
        ...(listShown && active >= 0 ? { 'aria-activedescendant': `${listId}-${active}` } : {}),
      }
    : {};
  return (
    <>
      <TextField
        label="Адрес доставки"
        name="address"
        value={props.value}
        error={props.error}
        onChange={(event) => {
          props.onAddress(event.target.value);
          setTold(null);
          setOpen(true);
        }}
        onBlur={props.onBlur}
        onKeyDown={onKeyDown}
        autoComplete="street-address"
        placeholder="Город, улица, дом, квартира"
        required
        {...combobox}
      />
      {listShown && (
        <div id={listId} role="listbox" aria-label="Подсказки адреса" className={layout.choiceList}>
          {options.map((option, index) => (
            <div
              key={option.value}
              tabIndex={-1}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={layout.choice}
              // Taken on mouse down, before the field's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                take(option);
              }}
            >
              <span className={layout.choiceText}>
                <strong>{option.value}</strong>
                {option.zoneText !== null && <span className={layout.muted}>{option.zoneText}</span>}
              </span>
            </div>
          ))}
        </div>
      )}
      {told !== null &&
        props.zone !== null &&
        told.zone === props.zone.zone &&
        (told.zone !== 'outside_kad' || told.kmBeyondKad === props.zone.kmBeyondKad) && (
          <p className={layout.muted} data-testid="delivery-zone">
            Зона доставки: {deliveryZoneText(told.zone, told.kmBeyondKad)}
          </p>
        )}
    </>
  );
}
