import { PHONE_FORMAT_MESSAGE } from '../../shared-rules/phone-rule';

/**
 * Contact rules of spec §5, applied again on the server (the browser's check is a convenience only).
 * The phone rule has one home, shared-rules/phone-rule.ts (the contract's `Phone` applies it).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;
export const COMMENT_MAX_LENGTH = 500;

export const CONTACT_MESSAGES = {
  phoneOrEmail: 'Укажите телефон или email',
  phone: PHONE_FORMAT_MESSAGE,
  email: 'Неверный формат email',
  comment: 'Комментарий не должен превышать 500 символов',
} as const;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** E-mail identity: trimmed and lower-cased, so «Ivan@Mail.ru» and «ivan@mail.ru» are one account. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}
