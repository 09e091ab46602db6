import type { Contacts } from '../../domain/contacts';

/** The shop's social links (spec §1: VK, WhatsApp, Telegram). A missing link is simply not shown. */
export interface SocialLinks {
  readonly vk?: string;
  readonly whatsapp?: string;
  readonly telegram?: string;
}

/**
 * Chat links that work for any shop phone without extra configuration: WhatsApp's and Telegram's
 * own click-to-chat addresses for the E.164 number. VK needs a community address, so it comes
 * from configuration only.
 */
export function chatLinksFor(contacts: Pick<Contacts, 'phoneE164'>): SocialLinks {
  const digits = contacts.phoneE164.replace(/\D/g, '');
  if (digits === '') return {};
  return { whatsapp: `https://wa.me/${digits}`, telegram: `https://t.me/+${digits}` };
}
