import {
  type InstallmentPlan,
  monthlyInstallment,
  type OnlinePaymentMethod,
} from '../../../shared-rules/installment-rule';
import { PAYMENTS_PORT, type PaymentOptions, type PaymentsPort } from '../ports/payments.port';
import { defineUseCase } from '../use-case';

/**
 * The online ways to pay the shop's provider offers (GET /api/payment-options), read once per page
 * load and shared by the product page, the cart and checkout. A failed read offers card only and no
 * «от N ₽/мес» — never a method checkout would then refuse.
 */
const CARD_ONLY: PaymentOptions = { methods: ['card'], installments: null };
const loaded = new WeakMap<Pick<PaymentsPort, 'options'>, Promise<PaymentOptions>>();

function loadPaymentOptions(payments: Pick<PaymentsPort, 'options'>): Promise<PaymentOptions> {
  let options = loaded.get(payments);
  if (options === undefined) {
    options = Promise.resolve()
      .then(() => payments.options())
      .catch(() => CARD_ONLY);
    loaded.set(payments, options);
  }
  return options;
}

/** The payment options of this page's shop (the cart's and checkout's «от N ₽/мес», their methods). */
export const paymentOptions = defineUseCase(
  'payments.options',
  { payments: PAYMENTS_PORT },
  ({ payments }) =>
    (): Promise<PaymentOptions> =>
      loadPaymentOptions(payments),
);

/** The installment plan, when the provider offers installments at all. */
function planOf(options: PaymentOptions): InstallmentPlan | null {
  return options.methods.includes('installments') ? options.installments : null;
}

/** «от N ₽/мес» for `amount` kopecks: the monthly kopecks, or null outside the provider's limits. */
export function installmentOffer(options: PaymentOptions, amount: number): number | null {
  const plan = planOf(options);
  return plan === null ? null : monthlyInstallment(plan, amount);
}

/** The online methods checkout may offer for an order of `amount` kopecks. */
export function methodsForAmount(options: PaymentOptions, amount: number): readonly OnlinePaymentMethod[] {
  return options.methods.filter(
    (method) => method !== 'installments' || installmentOffer(options, amount) !== null,
  );
}
