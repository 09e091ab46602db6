import { useEffect, useState } from 'react';
import { formatKopecks } from '../../../../shared-rules/money-rule';
import type { PaymentOptions } from '../../../application/ports/payments.port';
import { installmentOffer, paymentOptions } from '../../../application/queries/payment-options.query';
import { useUseCase } from '../../shell/shop-context';

/** The provider's payment options once read (null until then: nothing is shown meanwhile). */
export function usePaymentOptions(): PaymentOptions | null {
  const readOptions = useUseCase(paymentOptions);
  const [options, setOptions] = useState<PaymentOptions | null>(null);
  useEffect(() => {
    let live = true;
    void readOptions().then((read) => {
      if (live) setOptions(read);
    });
    return () => {
      live = false;
    };
  }, [readOptions]);
  return options;
}

/**
 * «от N ₽/мес» under a price (the cart, checkout): N is the provider's monthly payment for `amount`
 * kopecks (shared-rules/installment-rule.ts), shown only within its limits. Drawn after the options
 * arrive, so the server-drawn page and its first client render agree.
 */
export function InstallmentHint({ amount, className }: { amount: number | null; className?: string }) {
  const options = usePaymentOptions();
  return <InstallmentNote options={options} amount={amount} className={className} />;
}

/**
 * The same line from options a route loader already read (the product page: the server records the
 * read in the page document, so hydration draws it without a request or a second render).
 */
export function InstallmentNote({
  options,
  amount,
  className,
}: {
  options: PaymentOptions | null;
  amount: number | null;
  className?: string | undefined;
}) {
  if (options === null || amount === null) return null;
  const monthly = installmentOffer(options, amount);
  if (monthly === null) return null;
  return (
    <p className={className} data-testid="installment-hint">
      Частями от {formatKopecks(monthly)}/мес
    </p>
  );
}
