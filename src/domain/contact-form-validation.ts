/**
 * Validation of the consultation and feedback forms (spec §5). Fields are validated trimmed, one at
 * a time on blur (`validateContactField`) and all together on submit (`validateContactForm`); both
 * return the exact Russian messages of the spec.
 */

import { EMAIL_FORMAT_MESSAGE, isValidEmail } from '../../shared-rules/email-rule';
import { isValidPhone as isPhoneInShopLanguage, PHONE_FORMAT_MESSAGE } from '../../shared-rules/phone-rule';

export { EMAIL_FORMAT_MESSAGE, isValidEmail, PHONE_FORMAT_MESSAGE };
/** Shown on the phone field when neither phone nor e-mail is given. */
export const PHONE_OR_EMAIL_REQUIRED_MESSAGE = 'Укажите телефон или email';
/** Shown on the e-mail field when neither phone nor e-mail is given. */
export const EMAIL_OR_PHONE_REQUIRED_MESSAGE = 'Email обязателен или укажите телефон';
/** The spec limits the comment to 500 characters but gives no text; this one says just that. */
export const COMMENT_TOO_LONG_MESSAGE = 'Не более 500 символов';
export const ATTACHMENT_TYPE_MESSAGE = 'Можно загрузить JPG, PNG, WEBP или PDF до 5 МБ.';
export const ATTACHMENT_SIZE_MESSAGE = 'Размер файла не должен превышать 5 МБ.';

/** Longest comment or message, in characters (Unicode code points, as a reader counts them). */
export const MAX_COMMENT_LENGTH = 500;
/** Largest attachment: 5 MB (spec §9). */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_MIME_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/pdf',
];
/** Used only when the browser gives the file no MIME type. */
export const ATTACHMENT_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'png', 'webp', 'pdf'];

export type ContactFormKind = 'consultation' | 'feedback';
export type ContactField = 'phone' | 'email' | 'comment' | 'attachment';
export const CONTACT_FIELDS: readonly ContactField[] = ['phone', 'email', 'comment', 'attachment'];

/** What the form knows of a chosen file; a browser `File` fits this shape. */
export interface AttachmentInfo {
  readonly name: string;
  /** MIME type; the empty string when the browser does not know it. */
  readonly type: string;
  /** Size in bytes. */
  readonly size: number;
}

export interface ContactFormValues {
  readonly phone?: string;
  readonly email?: string;
  /** The comment (consultation) or message (feedback). */
  readonly comment?: string;
  /** Consultation only; ignored on the feedback form. */
  readonly attachment?: AttachmentInfo | null;
}

/**
 * A signed-in client's known e-mail and phone filled into a form (spec §6, the consultation and
 * feedback forms and checkout): a field the visitor already typed into keeps what was typed.
 */
export function prefillContacts<V extends { readonly email?: string; readonly phone?: string }>(
  values: V,
  known: { readonly email?: string | null; readonly phone?: string | null },
): V {
  return {
    ...values,
    email: values.email?.trim() ? values.email : (known.email ?? ''),
    phone: values.phone?.trim() ? values.phone : (known.phone ?? ''),
  };
}

export interface ContactFormContext {
  readonly form: ContactFormKind;
  /** Whether the visitor is a signed-in client with a client id. */
  readonly hasClientId: boolean;
}

/** Field → message; a field without an entry is valid. */
export type ContactFormErrors = Readonly<Partial<Record<ContactField, string>>>;

/**
 * Whether a phone has the spec's format: the one rule of shared-rules/phone-rule.ts (optional plus,
 * then 10 to 15 digits with spaces, hyphens or parentheses), shared with the contract and the server.
 */
export function isValidPhone(phone: string): boolean {
  return isPhoneInShopLanguage(phone);
}

/**
 * Whether the form needs a phone or an e-mail. The feedback form always does. The consultation form
 * does only for a visitor without a client id (spec: "e-mail is required only when the visitor has
 * no client id"); a signed-in client is known to the server, so both contacts may stay empty. The
 * required-field messages name both fields because either one satisfies the rule.
 */
export function contactRequired(context: ContactFormContext): boolean {
  return context.form === 'feedback' || !context.hasClientId;
}

function trimmed(value: string | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The message for an attachment, or `null` when it is acceptable (or there is none). */
export function validateAttachment(file: AttachmentInfo | null | undefined): string | null {
  if (!file) return null;
  // Parameters (';charset=…') are ignored; a type that is blank before them is no type at all, so
  // the extension decides, as it does for the empty type.
  const type = typeof file.type === 'string' ? (file.type.split(';')[0]?.trim().toLowerCase() ?? '') : '';
  const name = typeof file.name === 'string' ? file.name.trim().toLowerCase() : '';
  const dot = name.lastIndexOf('.');
  const extension = dot >= 0 ? name.slice(dot + 1) : '';
  const allowed =
    type !== '' ? ATTACHMENT_MIME_TYPES.includes(type) : ATTACHMENT_EXTENSIONS.includes(extension);
  if (!allowed) return ATTACHMENT_TYPE_MESSAGE;
  // A size that is not a real byte count cannot be shown to be within the limit.
  const sizeKnown = typeof file.size === 'number' && Number.isFinite(file.size) && file.size >= 0;
  return sizeKnown && file.size <= MAX_ATTACHMENT_BYTES ? null : ATTACHMENT_SIZE_MESSAGE;
}

/** The message for one field (on blur), or `null` when it is valid. */
export function validateContactField(
  field: ContactField,
  values: ContactFormValues,
  context: ContactFormContext,
): string | null {
  const phone = trimmed(values.phone);
  const email = trimmed(values.email);
  const missingBoth = phone === '' && email === '' && contactRequired(context);
  switch (field) {
    case 'phone':
      if (phone !== '') return isValidPhone(phone) ? null : PHONE_FORMAT_MESSAGE;
      return missingBoth ? PHONE_OR_EMAIL_REQUIRED_MESSAGE : null;
    case 'email':
      if (email !== '') return isValidEmail(email) ? null : EMAIL_FORMAT_MESSAGE;
      return missingBoth ? EMAIL_OR_PHONE_REQUIRED_MESSAGE : null;
    case 'comment':
      return [...trimmed(values.comment)].length > MAX_COMMENT_LENGTH ? COMMENT_TOO_LONG_MESSAGE : null;
    case 'attachment':
      return context.form === 'consultation' ? validateAttachment(values.attachment) : null;
  }
}

/** Every field's message (on submit); the empty object means the form may be sent. */
export function validateContactForm(
  values: ContactFormValues,
  context: ContactFormContext,
): ContactFormErrors {
  const errors: Partial<Record<ContactField, string>> = {};
  for (const field of CONTACT_FIELDS) {
    const message = validateContactField(field, values, context);
    if (message !== null) errors[field] = message;
  }
  return errors;
}

/** Whether a validation result allows sending. */
export function isContactFormValid(errors: ContactFormErrors): boolean {
  return Object.keys(errors).length === 0;
}

/** The values as they are sent: text fields trimmed, the attachment dropped from the feedback form. */
export function trimContactValues(values: ContactFormValues, context: ContactFormContext): ContactFormValues {
  return {
    phone: trimmed(values.phone),
    email: trimmed(values.email),
    comment: trimmed(values.comment),
    attachment: context.form === 'consultation' ? (values.attachment ?? null) : null,
  };
}
