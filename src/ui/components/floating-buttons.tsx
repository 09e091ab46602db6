import { type Contacts, DEFAULT_CONTACTS, phoneHref } from '../../domain/contacts';
import * as styles from './floating-buttons.css';
import { IconButton, IconLink } from './icon-button';
import { ArrowUp, MessageCircle, MessageCircleQuestion, Phone, Send } from './icons';
import { chatLinksFor, type SocialLinks } from './social-links';

export interface FloatingButtonsProps {
  /** Opens the feedback modal; until it is wired, help leads to `helpHref`. */
  readonly onHelp?: (() => void) | undefined;
  readonly helpHref?: string;
  /** Spec §2: shown once the page is scrolled more than 300 px (the page decides). */
  readonly showScrollTop: boolean;
  readonly onScrollTop: () => void;
  readonly contacts?: Contacts;
  readonly socials?: SocialLinks;
}

/** Spec §2 floating buttons: help, WhatsApp, Telegram, call, and scroll-to-top. */
export function FloatingButtons({
  onHelp,
  helpHref = '/pages/support',
  showScrollTop,
  onScrollTop,
  contacts = DEFAULT_CONTACTS,
  socials,
}: FloatingButtonsProps) {
  const links = socials ?? chatLinksFor(contacts);
  return (
    <aside className={styles.stack} aria-label="Связаться с нами">
      {showScrollTop && (
        <IconButton
          tone="surface"
          size="l"
          aria-label="Наверх"
          icon={<ArrowUp size={22} aria-hidden="true" />}
          onClick={onScrollTop}
        />
      )}
      {links.whatsapp && (
        <IconLink
          external
          href={links.whatsapp}
          tone="whatsapp"
          size="l"
          aria-label="Написать в WhatsApp"
          icon={<MessageCircle size={22} aria-hidden="true" />}
        />
      )}
      {links.telegram && (
        <IconLink
          external
          href={links.telegram}
          tone="telegram"
          size="l"
          aria-label="Написать в Telegram"
          icon={<Send size={22} aria-hidden="true" />}
        />
      )}
      <IconLink
        external
        tone="surface"
        href={phoneHref(contacts)}
        size="l"
        aria-label={`Позвонить: ${contacts.phoneDisplay}`}
        icon={<Phone size={22} aria-hidden="true" />}
      />
      {onHelp ? (
        <IconButton
          tone="accent"
          size="l"
          aria-label="Помощь: задать вопрос"
          icon={<MessageCircleQuestion size={22} aria-hidden="true" />}
          onClick={onHelp}
        />
      ) : (
        <IconLink
          tone="accent"
          href={helpHref}
          size="l"
          aria-label="Помощь: задать вопрос"
          icon={<MessageCircleQuestion size={22} aria-hidden="true" />}
        />
      )}
    </aside>
  );
}
