import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { DEFAULT_CITY_NAME } from '../../domain/city';
import { Button } from '../components/button';
import { CityBanner } from '../components/city-banner';
import { Modal } from '../components/modal';
import { TextField } from '../components/text-field';
import { useAfterHydration } from './hydration';
import * as styles from './shell.css';
import { useShopChild } from './shop-context';

/** The large Russian cities offered first in the selector; any other is typed in. */
const MAJOR_CITIES = [
  'Санкт-Петербург',
  'Москва',
  'Новосибирск',
  'Екатеринбург',
  'Казань',
  'Нижний Новгород',
  'Челябинск',
  'Самара',
  'Омск',
  'Ростов-на-Дону',
  'Уфа',
  'Красноярск',
  'Воронеж',
  'Пермь',
  'Волгоград',
  'Краснодар',
] as const;

/** The city the header shows; null while it is being detected ('Определяем город...'). */
export function useCity(): { readonly city: string | null; readonly openSelector: () => void } {
  const city = useShopChild('city');
  const name = useSelector(city, (snapshot) => snapshot.context.city);
  const detecting = useSelector(city, (snapshot) => snapshot.hasTag('detecting'));
  // Once detection has ended without a city, show the spec's default name instead of an endless
  // 'Определяем город...'; clicking it opens the selector as usual.
  const shown = name ?? (detecting ? null : DEFAULT_CITY_NAME);
  // The city comes from the visitor's cookie or their address: the server draws it as being detected.
  return {
    city: useAfterHydration(shown, null),
    openSelector: () => city.send({ type: 'city.selectorOpened' }),
  };
}

/** The selector's body: major cities as buttons, and a free-text field for any other. */
function CitySelector({ onSelect }: { onSelect: (city: string) => void }) {
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (typed.trim() !== '') onSelect(typed);
  };
  return (
    <div className={styles.form}>
      <ul className={styles.cityList}>
        {MAJOR_CITIES.map((name) => (
          <li key={name}>
            <Button variant="ghost" className={styles.cityButton} onClick={() => onSelect(name)}>
              {name}
            </Button>
          </li>
        ))}
      </ul>
      <form className={styles.row} onSubmit={submit}>
        <div className={styles.grow}>
          <TextField
            label="Другой город"
            name="city"
            autoComplete="address-level2"
            maxLength={100}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
        </div>
        <Button type="submit" disabled={typed.trim() === ''}>
          Выбрать
        </Button>
      </form>
    </div>
  );
}

/** The city confirmation banner and the selector modal, shown as the city machine's tags say. */
export function CityOverlays() {
  const city = useShopChild('city');
  const bannerVisible = useAfterHydration(
    useSelector(city, (snapshot) => snapshot.hasTag('bannerVisible')),
    false,
  );
  const selectorOpen = useAfterHydration(
    useSelector(city, (snapshot) => snapshot.hasTag('selectorOpen')),
    false,
  );
  const name = useSelector(city, (snapshot) => snapshot.context.city);
  return (
    <>
      {bannerVisible && name !== null && (
        <CityBanner
          city={name}
          onConfirm={() => city.send({ type: 'city.confirmed' })}
          onReject={() => city.send({ type: 'city.rejected' })}
          onDismiss={() => city.send({ type: 'city.bannerDismissed' })}
        />
      )}
      {selectorOpen && (
        <Modal title="Выберите ваш город" onClose={() => city.send({ type: 'city.selectorClosed' })}>
          <CitySelector onSelect={(choice) => city.send({ type: 'city.selected', city: choice })} />
        </Modal>
      )}
    </>
  );
}
