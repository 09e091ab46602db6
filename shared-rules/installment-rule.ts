import { KOPECKS_PER_ROUBLE, type Kopecks } from './money-rule';

/**
 * Paying in parts through the payment provider (issue 22, item 10). The provider decides the plan; the
 * shop only shows what it will look like: «от N ₽/мес», N = the amount over the plan's months, rounded
 * up to whole roubles (the first payment is never less than the figure shown). Shown — and offered at
 * checkout — only within the provider's limits. Defaults are YooKassa's published ones for
 * «Заплатить по частям» (payment_method_data.type `installments`): 3 000 – 150 000 ₽; the term is the
 * longest the shop advertises, configurable (INSTALLMENT_* in docs/operations.md).
 */
export interface InstallmentPlan {
  readonly minAmount: Kopecks;
  readonly maxAmount: Kopecks;
  readonly months: number;
}

export const DEFAULT_INSTALLMENT_PLAN: InstallmentPlan = {
  minAmount: 3_000 * KOPECKS_PER_ROUBLE,
  maxAmount: 150_000 * KOPECKS_PER_ROUBLE,
  months: 6,
};

/** Whether the provider takes this amount in parts. */
export function installmentsCover(plan: InstallmentPlan, amount: Kopecks): boolean {
  return amount >= plan.minAmount && amount <= plan.maxAmount && plan.months >= 2;
}

/** The monthly payment shown as «от N ₽/мес» (whole roubles, rounded up), or null outside the limits. */
export function monthlyInstallment(plan: InstallmentPlan, amount: Kopecks): Kopecks | null {
  if (!installmentsCover(plan, amount)) return null;
  const roubles = Math.ceil(amount / KOPECKS_PER_ROUBLE / plan.months);
  return roubles * KOPECKS_PER_ROUBLE;
}

/** Online ways to pay the shop can offer (each only if the provider is configured for it). */
export const ONLINE_PAYMENT_METHODS = ['card', 'sbp', 'installments'] as const;
export type OnlinePaymentMethod = (typeof ONLINE_PAYMENT_METHODS)[number];

export const ONLINE_PAYMENT_METHOD_LABELS: Readonly<Record<OnlinePaymentMethod, string>> = {
  card: 'Картой онлайн',
  sbp: 'СБП',
  installments: 'Частями',
};

export function isOnlinePaymentMethod(value: unknown): value is OnlinePaymentMethod {
  return typeof value === 'string' && (ONLINE_PAYMENT_METHODS as readonly string[]).includes(value);
}
