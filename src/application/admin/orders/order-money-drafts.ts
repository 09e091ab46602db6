import {
  formatKopecks,
  type Kopecks,
  parseRoubles,
  percentInWholeRoubles,
} from '../../../../shared-rules/money-rule';
import type { PrepaymentAsk, RefundAsk } from '../../ports/admin-orders.port';

/**
 * The prepayment and refund dialogs of the order card (issue 22): what the manager typed, checked
 * before it is sent (the server checks again under the order's lock). Amounts are kopecks.
 */

export interface PrepaymentDraft {
  readonly mode: 'percent' | 'sum';
  readonly value: string;
}

export type PrepaymentCheck =
  | { readonly ok: true; readonly ask: PrepaymentAsk; readonly amount: Kopecks }
  | { readonly ok: false; readonly error: string };

/** A percent becomes whole roubles rounded up; the result must be > 0 and at most `left`. */
export function prepaymentCheck(draft: PrepaymentDraft, total: Kopecks, left: Kopecks): PrepaymentCheck {
  const text = draft.value.trim().replace(/\s*%$/, '');
  let ask: PrepaymentAsk;
  let amount: Kopecks;
  if (draft.mode === 'percent') {
    if (!/^\d{1,3}$/.test(text) || Number(text) < 1 || Number(text) > 100)
      return { ok: false, error: 'Укажите процент целым числом от 1 до 100.' };
    ask = { percent: Number(text) };
    amount = percentInWholeRoubles(total, Number(text), 'up');
  } else {
    const parsed = parseRoubles(text);
    if (parsed === null) return { ok: false, error: 'Укажите сумму в рублях, например 15 000.' };
    ask = { amount: parsed };
    amount = parsed;
  }
  if (amount <= 0) return { ok: false, error: 'Предоплата должна быть больше нуля.' };
  if (amount > left)
    return {
      ok: false,
      error: `Предоплата не может быть больше неоплаченной части заказа: ${formatKopecks(left)}.`,
    };
  return { ok: true, ask, amount };
}

export interface RefundDraft {
  readonly mode: 'lines' | 'amount';
  /** Units to return by line index, as typed. */
  readonly quantities: Readonly<Record<number, string>>;
  readonly amount: string;
  readonly reason: string;
}

export type RefundCheck =
  | { readonly ok: true; readonly ask: RefundAsk }
  | { readonly ok: false; readonly error: string };

/** Lines: whole units, at most each line's quantity, at least one line; amount: at most `refundable`. */
export function refundCheck(
  draft: RefundDraft,
  lines: readonly { readonly quantity: number }[],
  refundable: Kopecks,
): RefundCheck {
  if (refundable <= 0) return { ok: false, error: 'По заказу нет оплаты, которую можно вернуть.' };
  if (draft.mode === 'amount') {
    const amount = parseRoubles(draft.amount.trim());
    if (amount === null || amount <= 0) return { ok: false, error: 'Укажите сумму возврата в рублях.' };
    if (amount > refundable)
      return { ok: false, error: `Вернуть можно не больше ${formatKopecks(refundable)}.` };
    return { ok: true, ask: { amount } };
  }
  const chosen: { line: number; quantity: number }[] = [];
  for (const [key, text] of Object.entries(draft.quantities)) {
    const trimmed = text.trim();
    if (trimmed === '' || trimmed === '0') continue;
    const line = Number(key);
    const quantity = Number(trimmed);
    const max = lines[line]?.quantity ?? 0;
    if (!/^\d+$/.test(trimmed) || quantity > max)
      return { ok: false, error: `Количество в позиции ${line + 1}: целое число от 0 до ${max}.` };
    chosen.push({ line, quantity });
  }
  if (chosen.length === 0) return { ok: false, error: 'Выберите позиции и количество для возврата.' };
  return { ok: true, ask: { lines: chosen.sort((a, b) => a.line - b.line) } };
}
