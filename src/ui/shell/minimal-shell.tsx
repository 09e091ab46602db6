import type { ReactNode } from 'react';
import { type Contacts, DEFAULT_CONTACTS, phoneHref } from '../../domain/contacts';
import { Logo } from '../components/logo';
import { skipLink } from '../theme/utilities.css';
import * as styles from './minimal-shell.css';

/** The minimal chrome (spec §2 /pay/{orderId}): only the logo, the schedule and the phone. */
export function MinimalShell({
  children,
  contacts = DEFAULT_CONTACTS,
}: {
  children: ReactNode;
  contacts?: Contacts;
}) {
  return (
    <div className={styles.shell}>
      <a href="#main" className={skipLink}>
        Перейти к содержимому
      </a>
      <header className={styles.header}>
        <div className={styles.inner}>
          <Logo />
          <div className={styles.contacts}>
            <span className={styles.schedule}>{contacts.schedule}</span>
            <a href={phoneHref(contacts)} className={styles.phone}>
              {contacts.phoneDisplay}
            </a>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
    </div>
  );
}
