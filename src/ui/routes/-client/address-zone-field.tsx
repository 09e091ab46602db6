import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import {
  DELIVERY_ZONE_LABELS,
  type DeliveryZone,
  deliveryZoneText,
  KM_BANDS,
  type KmBand,
  kmBandLabel,
  kmBandOf,
} from '../../../../shared-rules/delivery-zone-rule';
import type { AddressSuggestion } from '../../../application/ports/delivery.port';
import { addressSuggestions } from '../../../application/queries/delivery.queries';
import { TextField } from '../../components/text-field';
import { useUseCase } from '../../shell/shop-context';
import * as layout from './client.css';

/** How long the field waits after a keystroke before asking (the service is paid per request). */
const ASK_AFTER_MS = 250;

type ManualZone = 'inside_kad' | 'outside_kad' | 'other_region';
const MANUAL_ZONES: readonly ManualZone[] = ['inside_kad', 'outside_kad', 'other_region'];

/**
 * The courier's address with its delivery zone (issue 23, item 4; docs/delivery-dates.md). With the
 * suggestions service the field is a combobox (WAI-ARIA 1.2 list autocomplete: arrows move through the
 * list, Enter takes the option, Escape closes it) and a taken address tells its zone; without the
 * service, or for an address that does not tell, the shopper picks the zone by hand: inside КАД,
 * beyond it with the distance band, or another region.
 */
export function AddressZoneField(props: {
  readonly value: string;
  readonly error: string | null;
  readonly zone: DeliveryZone | null;
  readonly onAddress: (value: string) => void;
  readonly onBlur: () => void;
  readonly onZone: (zone: DeliveryZone | null) => void;
}) {
  const suggest = useUseCase(addressSuggestions);
  const listId = useId();
  const [enabled, setEnabled] = useState(false);
  const [options, setOptions] = useState<readonly AddressSuggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  /** Whether the zone came with a taken suggestion (else the shopper picks it by hand). */
  const [told, setTold] = useState(false);
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
    props.onZone(option.zone);
    setTold(option.zone !== null);
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
          if (told) props.onZone(null);
          setTold(false);
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
      {told && props.zone !== null ? (
        <p className={layout.muted} data-testid="delivery-zone">
          Зона доставки: {deliveryZoneText(props.zone)}
        </p>
      ) : (
        <ManualZone zone={props.zone} onZone={props.onZone} />
      )}
    </>
  );
}

/** The zone by hand: inside КАД, beyond it with a distance band, or another region. */
function ManualZone({
  zone,
  onZone,
}: {
  readonly zone: DeliveryZone | null;
  readonly onZone: (zone: DeliveryZone | null) => void;
}) {
  const kind = zone === null || zone.kind === 'pickup' ? null : zone.kind;
  const band = kmBandOf(zone?.kind === 'outside_kad' ? zone.kmBeyond : 1);
  const choose = (next: ManualZone, nextBand: KmBand) =>
    onZone(next === 'outside_kad' ? { kind: next, kmBeyond: nextBand } : { kind: next });
  return (
    <div className={layout.choiceList} role="radiogroup" aria-label="Зона доставки">
      {MANUAL_ZONES.map((zone) => (
        <label key={zone} className={layout.choice}>
          <input
            type="radio"
            name="delivery-zone"
            value={zone}
            checked={kind === zone}
            onChange={() => choose(zone, band)}
          />
          <span className={layout.choiceText}>
            <strong>{DELIVERY_ZONE_LABELS[zone]}</strong>
          </span>
        </label>
      ))}
      {kind === 'outside_kad' && (
        <label className={layout.row}>
          <span aria-hidden="true">Расстояние от КАД</span>
          <select
            aria-label="Расстояние от КАД"
            value={band}
            onChange={(event) => choose('outside_kad', kmBandOf(Number(event.target.value)))}
          >
            {KM_BANDS.map((option) => (
              <option key={option} value={option}>
                {kmBandLabel(option)}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
