import { describe, expect, it } from 'vitest';
import { prepaymentCheck, refundCheck } from '../../../src/application/admin/orders/order-money-drafts';

/** The order card's prepayment and refund dialogs check what the manager typed (issue 22). */
describe('prepayment dialog', () => {
  const total = 16_337_000;
  it('30 % of 163 370 ₽ asks 49 011 ₽ (whole roubles, rounded up)', () => {
    expect(prepaymentCheck({ mode: 'percent', value: '30' }, total, total)).toEqual({
      ok: true,
      ask: { percent: 30 },
      amount: 4_901_100,
    });
    expect(prepaymentCheck({ mode: 'percent', value: '30 %' }, total, total).ok).toBe(true);
  });
  it('a sum is read with parseRoubles', () => {
    expect(prepaymentCheck({ mode: 'sum', value: '15 000,50' }, total, total)).toEqual({
      ok: true,
      ask: { amount: 1_500_050 },
      amount: 1_500_050,
    });
  });
  it('refuses in Russian: no number, 0, above what is left', () => {
    expect(prepaymentCheck({ mode: 'percent', value: '120' }, total, total)).toEqual({
      ok: false,
      error: 'Укажите процент целым числом от 1 до 100.',
    });
    expect(prepaymentCheck({ mode: 'sum', value: 'много' }, total, total)).toEqual({
      ok: false,
      error: 'Укажите сумму в рублях, например 15 000.',
    });
    expect(prepaymentCheck({ mode: 'sum', value: '0' }, total, total)).toEqual({
      ok: false,
      error: 'Предоплата должна быть больше нуля.',
    });
    expect(prepaymentCheck({ mode: 'percent', value: '50' }, total, 1_000_000)).toEqual({
      ok: false,
      error: 'Предоплата не может быть больше неоплаченной части заказа: 10\u00a0000\u00a0₽.',
    });
  });
});

describe('refund dialog', () => {
  const lines = [{ quantity: 3 }, { quantity: 1 }];
  const draft = { mode: 'lines' as const, quantities: {}, amount: '', reason: '' };
  it('chosen lines and units, in line order; empty and 0 are left out', () => {
    expect(refundCheck({ ...draft, quantities: { 1: '1', 0: '2' } }, lines, 100_000)).toEqual({
      ok: true,
      ask: {
        lines: [
          { line: 0, quantity: 2 },
          { line: 1, quantity: 1 },
        ],
      },
    });
    expect(refundCheck({ ...draft, quantities: { 0: '0', 1: '' } }, lines, 100_000)).toEqual({
      ok: false,
      error: 'Выберите позиции и количество для возврата.',
    });
    expect(refundCheck({ ...draft, quantities: { 0: '4' } }, lines, 100_000)).toEqual({
      ok: false,
      error: 'Количество в позиции 1: целое число от 0 до 3.',
    });
  });
  it('an amount never above what can go back', () => {
    expect(refundCheck({ ...draft, mode: 'amount', amount: '500' }, lines, 100_000)).toEqual({
      ok: true,
      ask: { amount: 50_000 },
    });
    expect(refundCheck({ ...draft, mode: 'amount', amount: '1 500' }, lines, 100_000)).toEqual({
      ok: false,
      error: 'Вернуть можно не больше 1\u00a0000\u00a0₽.',
    });
    expect(refundCheck({ ...draft, mode: 'amount', amount: '1' }, lines, 0).ok).toBe(false);
  });
});
