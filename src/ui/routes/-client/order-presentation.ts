/** The payment rules are the payment-start machine's (the account's pay links use the same one). */
export { isOrderPayable } from '../../../application/machines/payment-start.machine';

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

/** '22 ноября 2026 г.'; an unreadable date shows nothing rather than 'Invalid Date'. */
export function formatOrderDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? dateFormat.format(time) : '';
}
