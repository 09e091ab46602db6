import { type Contacts, DEFAULT_CONTACTS, phoneHref } from '../../domain/contacts';
import { AppLink } from './app-link';
import { MapPin } from './icons';
import * as styles from './info-bar.css';
import { INFO_BAR_LINKS } from './site-links';

/** Spec §2: shown in place of the city while it is being detected. */
const CITY_DETECTING = 'Определяем город...';

export interface InfoBarProps {
  /** The detected city; null while unknown. */
  readonly city: string | null;
  /** Opens the city selection modal. */
  readonly onCityClick?: () => void;
  readonly contacts?: Contacts;
}

export function InfoBar({ city, onCityClick, contacts = DEFAULT_CONTACTS }: InfoBarProps) {
  const cityText = city ?? CITY_DETECTING;
  return (
    <div className={styles.bar}>
      <div className={styles.inner}>
        <nav aria-label="Информация для покупателей">
          <ul className={styles.links}>
            {INFO_BAR_LINKS.map((link) => (
              <li key={link.href}>
                <AppLink href={link.href} className={styles.link}>
                  {link.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <aside className={styles.aside} aria-label="Город и контакты">
          <button
            type="button"
            className={styles.city}
            onClick={onCityClick}
            aria-label={city === null ? cityText : `Ваш город: ${city}. Изменить`}
          >
            <MapPin size={16} aria-hidden="true" />
            {cityText}
          </button>
          <span className={styles.schedule}>{contacts.schedule}</span>
          <a href={phoneHref(contacts)} className={styles.phone}>
            {contacts.phoneDisplay}
          </a>
        </aside>
      </div>
    </div>
  );
}
