import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_INSTALLMENT_PLAN } from '../../../shared-rules/installment-rule';
import type { PaymentOptions } from '../../../src/application/ports/payments.port';
import { InstallmentNote } from '../../../src/ui/routes/-client/installment-hint';

/** Issue 22, item 10: «Частями от N ₽/мес» under a price, only within the provider's limits. */
const WITH_INSTALLMENTS: PaymentOptions = {
  methods: ['card', 'sbp', 'installments'],
  installments: DEFAULT_INSTALLMENT_PLAN,
};

afterEach(cleanup);

describe('the installment note', () => {
  it('shows the monthly payment rounded up to whole roubles within the limits', () => {
    // 45 001 ₽ over 6 months is 7 500,17 ₽ → «от 7 501 ₽».
    render(<InstallmentNote options={WITH_INSTALLMENTS} amount={4_500_100} />);
    expect(screen.getByTestId('installment-hint').textContent).toBe('Частями от 7\u00a0501\u00a0₽/мес');
  });

  it('says nothing outside the limits, without installments, before the options arrive, or without a price', () => {
    const cases: [PaymentOptions | null, number | null][] = [
      [WITH_INSTALLMENTS, 2_999 * 100],
      [WITH_INSTALLMENTS, 150_001 * 100],
      [{ methods: ['card', 'sbp'], installments: DEFAULT_INSTALLMENT_PLAN }, 50_000 * 100],
      [null, 50_000 * 100],
      [WITH_INSTALLMENTS, null],
    ];
    for (const [options, amount] of cases) {
      const { container, unmount } = render(<InstallmentNote options={options} amount={amount} />);
      expect(container.textContent).toBe('');
      unmount();
    }
  });
});
