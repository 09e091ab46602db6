/**
 * Contact rules of spec §5, applied again on the server (the browser's check is a convenience only).
 */
export const PHONE_PATTERN = /^\+?[\d\s\-()]{10,15}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;
export const COMMENT_MAX_LENGTH = 500;

export const CONTACT_MESSAGES = {
  phoneOrEmail: 'Укажите телефон или email',
  phone: 'Неверный формат телефона',
  email: 'Неверный формат email',
  comment: 'Комментарий не должен превышать 500 символов',
} as const;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

/** E-mail identity: trimmed and lower-cased, so «Ivan@Mail.ru» and «ivan@mail.ru» are one account. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}
