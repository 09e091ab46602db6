/** The payment rule is the pay page machine's (the account's pay links use the same one). */
export { isOrderPayable } from '../../../application/machines/pay-page.machine';

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

/** '22 ноября 2026 г.'; an unreadable date shows nothing rather than 'Invalid Date'. */
export function formatOrderDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? dateFormat.format(time) : '';
}
