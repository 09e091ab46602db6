import { memo } from 'react';
import { type Contacts, DEFAULT_CONTACTS, mailtoHref, phoneHref } from '../../domain/contacts';
import { AppLink } from './app-link';
import { Logo } from './logo';
import * as styles from './site-footer.css';
import {
  CATALOGUE_LINKS,
  COMPACT_LEGAL_LINKS,
  COMPANY_LINKS,
  CUSTOMER_LINKS,
  DESKTOP_LEGAL_LINKS,
  type SiteLink,
} from './site-links';
import { chatLinksFor, type SocialLinks } from './social-links';

export interface SiteFooterProps {
  readonly contacts?: Contacts;
  readonly socials?: SocialLinks;
}

function LinkColumn({ title, links }: { title: string; links: readonly SiteLink[] }) {
  return (
    <div>
      <h2 className={styles.columnTitle}>{title}</h2>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.href}>
            <AppLink href={link.href} className={styles.link}>
              {link.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

function LegalLinks({ links }: { links: readonly SiteLink[] }) {
  return (
    <ul className={styles.legal}>
      {links.map((link) => (
        <li key={link.href}>
          <AppLink href={link.href} className={styles.link}>
            {link.label}
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

const SOCIAL_LABELS: Readonly<Record<keyof SocialLinks, { short: string; name: string }>> = {
  vk: { short: 'VK', name: 'ВКонтакте' },
  whatsapp: { short: 'WhatsApp', name: 'WhatsApp' },
  telegram: { short: 'Telegram', name: 'Telegram' },
};

function Socials({ socials }: { socials: SocialLinks }) {
  const entries = (Object.keys(SOCIAL_LABELS) as (keyof SocialLinks)[]).flatMap((key) => {
    const href = socials[key];
    return href ? [{ key, href, ...SOCIAL_LABELS[key] }] : [];
  });
  if (entries.length === 0) return null;
  return (
    <div className={styles.socials}>
      {entries.map((entry) => (
        <a
          key={entry.key}
          href={entry.href}
          className={styles.social}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Мы в ${entry.name}`}
        >
          {entry.short}
        </a>
      ))}
    </div>
  );
}

function ContactLines({ contacts }: { contacts: Contacts }) {
  return (
    <address className={`${styles.list} ${styles.address}`}>
      <a href={phoneHref(contacts)} className={styles.phone}>
        {contacts.phoneDisplay}
      </a>
      <span className={styles.muted}>{contacts.schedule}</span>
      <a href={mailtoHref(contacts)} className={styles.link}>
        {contacts.email}
      </a>
      <span className={styles.muted}>{contacts.address}</span>
    </address>
  );
}

/**
 * The footers. Spec §2 gives two sets of legal links: the desktop footer uses /privacy, /terms,
 * /consent; the other (compact, up to 768 px) footer uses /pages/privacy and the like. Both are
 * rendered and CSS shows the one that fits, so the markup does not depend on the window width.
 * Memoised: its props are constants, so the frame's re-render for a visitor value (the header's
 * counts) skips it (docs/performance.md «No re-render after ready»).
 */
export const SiteFooter = memo(function SiteFooter({
  contacts = DEFAULT_CONTACTS,
  socials,
}: SiteFooterProps) {
  const links = socials ?? chatLinksFor(contacts);
  return (
    <footer className={styles.footer}>
      <div className={`${styles.inner} ${styles.desktop}`} data-footer="desktop">
        <div className={styles.columns}>
          <div className={styles.about}>
            <Logo tone="light" />
            <p className={styles.muted}>
              Мебель, декор и техника для дома с доставкой по Санкт-Петербургу и всей России.
            </p>
            <ContactLines contacts={contacts} />
            <Socials socials={links} />
          </div>
          <LinkColumn title="Каталог" links={CATALOGUE_LINKS} />
          <LinkColumn title="Покупателям" links={CUSTOMER_LINKS} />
          <LinkColumn title="О магазине" links={COMPANY_LINKS} />
        </div>
        <div className={styles.bottom}>
          <span className={styles.muted}>© Дом и Стиль</span>
          <LegalLinks links={DESKTOP_LEGAL_LINKS} />
        </div>
      </div>
      <div className={`${styles.inner} ${styles.compact}`} data-footer="compact">
        <div className={styles.compactBlock}>
          <Logo tone="light" />
          <ContactLines contacts={contacts} />
          <Socials socials={links} />
          <LegalLinks links={COMPACT_LEGAL_LINKS} />
          <span className={styles.muted}>© Дом и Стиль</span>
        </div>
      </div>
    </footer>
  );
});
