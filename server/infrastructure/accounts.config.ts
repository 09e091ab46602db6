import { randomBytes } from 'node:crypto';
import {
  DEFAULT_INSTALLMENT_PLAN,
  isOnlinePaymentMethod,
  ONLINE_PAYMENT_METHODS,
  type OnlinePaymentMethod,
} from '../../shared-rules/installment-rule';
import type { OnlineMethodsConfig } from '../application/payments.service';
import { PAY_LINK_DEFAULT_TTL_DAYS, PAY_LINK_MAX_TTL_DAYS } from '../domain/pay-link';
import { readStaffTotpKey, type StaffTotpKey } from './auth/staff-totp-key';
import { type DeliveryServicesConfig, readDeliveryConfig } from './delivery/delivery.config';

/**
 * Configuration of accounts, mail and payments (docs/operations.md, "Accounts, mail and payments").
 * Read once at start; an invalid value stops the start with a message.
 */
export interface AccountsConfig {
  readonly publicUrl: string;
  readonly adminEmail: string;
  /** Undefined → a password is generated on first start and printed once. */
  readonly adminPassword: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly payment:
    | { readonly kind: 'test'; readonly secret: string }
    | {
        readonly kind: 'yookassa';
        readonly shopId: string;
        readonly secretKey: string;
        readonly apiBase: string;
      };
  /**
   * RECEIPT_VAT_CODE: the 54-FZ VAT code of the goods in receipts (YooKassa vat_code 1–12); default 1
   * («без НДС», a shop on the simplified tax system). Ask the shop's accountant.
   */
  readonly receiptVatCode?: number;
  /** PAY_LINK_TTL_DAYS: how long a signed pay link works (default 7, at most 90). */
  readonly payLinkTtlDays?: number;
  /**
   * PAYMENT_METHODS (card, sbp, installments; default all three with the test gateway, card with
   * YooKassa — СБП and «Заплатить по частям» are switched on in the shop's YooKassa contract first) and
   * INSTALLMENT_MIN_RUB / INSTALLMENT_MAX_RUB / INSTALLMENT_MONTHS (default 3 000 / 150 000 / 6).
   */
  readonly onlineMethods?: OnlineMethodsConfig;
  readonly geoDataFile: string | undefined;
  /**
   * SUBSCRIBE_PROMO_CODE: the code a newsletter subscription gives (created at 10 % on start when
   * missing). Unset: HOME10 for the demo shop, none for an empty one (SEED_PRODUCTS=0) — a real shop
   * decides its own discounts; the subscription then gives no code.
   */
  readonly subscribePromoCode: string | null;
  /**
   * Extra origins allowed to make state-changing calls: CORS_ORIGINS, else the Vite dev server's when
   * NODE_ENV is not `production`.
   */
  readonly extraOrigins: readonly string[];
  /** DADATA_TOKEN and CDEK_* (issue 23): each service off until configured. Absent: both off. */
  readonly delivery?: DeliveryServicesConfig;
  /**
   * STAFF_TOTP_KEY (and STAFF_TOTP_KEY_PREVIOUS): the key sealing the staff's TOTP secrets. Absent or
   * null: the key kept in the database, which only the embedded demo may use (readStaffTotpKey).
   */
  readonly staffTotpKey?: StaffTotpKey | null;
}

/** Origins of `npm run dev` (Vite on :5173), allowed by default when NODE_ENV is not production. */
const DEV_SERVER_ORIGINS = 'http://localhost:5173,http://127.0.0.1:5173';

export type AccountsConfigResult = { ok: true; config: AccountsConfig } | { ok: false; message: string };

const originOf = (url: string): string | null => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
};

export function readAccountsConfig(env: NodeJS.ProcessEnv): AccountsConfigResult {
  const port = env.PORT?.trim() || '3000';
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, '');
  if (originOf(publicUrl) === null)
    return { ok: false, message: 'PUBLIC_URL должен быть адресом http(s)://…' };
  const adminEmail = (env.ADMIN_EMAIL?.trim() || 'admin@domistil.local').toLowerCase();
  const adminPassword =
    env.ADMIN_PASSWORD === undefined || env.ADMIN_PASSWORD === '' ? undefined : env.ADMIN_PASSWORD;
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\//.test(smtpUrl)) {
    return { ok: false, message: 'SMTP_URL должен начинаться с smtp:// или smtps://.' };
  }
  const shopId = env.YOOKASSA_SHOP_ID?.trim();
  const secretKey = env.YOOKASSA_SECRET_KEY?.trim();
  if (Boolean(shopId) !== Boolean(secretKey)) {
    return { ok: false, message: 'Для ЮKassa нужны оба параметра: YOOKASSA_SHOP_ID и YOOKASSA_SECRET_KEY.' };
  }
  const payment: AccountsConfig['payment'] =
    shopId && secretKey
      ? {
          kind: 'yookassa',
          shopId,
          secretKey,
          apiBase: (env.YOOKASSA_API_URL?.trim() || 'https://api.yookassa.ru').replace(/\/+$/, ''),
        }
      : // A per-process random secret: notifications cannot be forged from outside even without config.
        { kind: 'test', secret: env.TEST_GATEWAY_SECRET?.trim() || randomBytes(32).toString('hex') };
  const vatText = env.RECEIPT_VAT_CODE?.trim() || '1';
  const receiptVatCode = Number(vatText);
  if (!/^\d{1,2}$/.test(vatText) || receiptVatCode < 1 || receiptVatCode > 12) {
    return { ok: false, message: 'RECEIPT_VAT_CODE должен быть кодом НДС ЮKassa от 1 до 12 (1 — без НДС).' };
  }
  const payLinkText = env.PAY_LINK_TTL_DAYS?.trim() || String(PAY_LINK_DEFAULT_TTL_DAYS);
  const payLinkTtlDays = Number(payLinkText);
  if (!/^\d{1,2}$/.test(payLinkText) || payLinkTtlDays < 1 || payLinkTtlDays > PAY_LINK_MAX_TTL_DAYS) {
    return {
      ok: false,
      message: `PAY_LINK_TTL_DAYS должен быть числом дней от 1 до ${PAY_LINK_MAX_TTL_DAYS}.`,
    };
  }
  const onlineMethods = readOnlineMethods(env, payment.kind);
  if (typeof onlineMethods === 'string') return { ok: false, message: onlineMethods };
  const delivery = readDeliveryConfig(env);
  if (!delivery.ok) return delivery;
  const totp = readStaffTotpKey(env);
  if (!totp.ok) return totp;
  // The Vite dev server's origins are trusted only outside production; explicit CORS_ORIGINS always.
  const extraOrigins = (env.CORS_ORIGINS ?? (env.NODE_ENV === 'production' ? '' : DEV_SERVER_ORIGINS))
    .split(',')
    .map((origin) => originOf(origin.trim()))
    .filter((origin): origin is string => origin !== null);
  return {
    ok: true,
    config: {
      publicUrl,
      adminEmail,
      adminPassword,
      smtpUrl,
      mailFrom: env.MAIL_FROM?.trim() || `«Дом и Стиль» <no-reply@${new URL(publicUrl).hostname}>`,
      payment,
      receiptVatCode,
      payLinkTtlDays,
      onlineMethods,
      geoDataFile: env.GEO_DATA_FILE?.trim() || undefined,
      subscribePromoCode:
        env.SUBSCRIBE_PROMO_CODE?.trim().toUpperCase() ||
        (env.SEED_PRODUCTS?.trim() === '0' ? null : 'HOME10'),
      extraOrigins,
      delivery: delivery.config,
      staffTotpKey: totp.key,
    },
  };
}

/** PAYMENT_METHODS and INSTALLMENT_*; a Russian message when a value is unusable. */
function readOnlineMethods(
  env: NodeJS.ProcessEnv,
  gateway: 'test' | 'yookassa',
): OnlineMethodsConfig | string {
  const listed = env.PAYMENT_METHODS?.trim();
  const names = listed
    ? listed.split(',').map((name) => name.trim())
    : gateway === 'test'
      ? [...ONLINE_PAYMENT_METHODS]
      : ['card'];
  const offered: OnlinePaymentMethod[] = [];
  for (const name of names) {
    if (!isOnlinePaymentMethod(name))
      return 'PAYMENT_METHODS — список через запятую из card, sbp, installments.';
    if (!offered.includes(name)) offered.push(name);
  }
  const roubles = (name: string, fallback: number): number | null => {
    const text = env[name]?.trim() || String(fallback);
    return /^\d{1,9}$/.test(text) ? Number(text) * 100 : null;
  };
  const minAmount = roubles('INSTALLMENT_MIN_RUB', DEFAULT_INSTALLMENT_PLAN.minAmount / 100);
  const maxAmount = roubles('INSTALLMENT_MAX_RUB', DEFAULT_INSTALLMENT_PLAN.maxAmount / 100);
  const monthsText = env.INSTALLMENT_MONTHS?.trim() || String(DEFAULT_INSTALLMENT_PLAN.months);
  const months = Number(monthsText);
  if (minAmount === null || maxAmount === null || minAmount > maxAmount)
    return 'INSTALLMENT_MIN_RUB и INSTALLMENT_MAX_RUB — суммы в рублях, минимум не больше максимума.';
  if (!/^\d{1,2}$/.test(monthsText) || months < 2 || months > 36)
    return 'INSTALLMENT_MONTHS должен быть числом месяцев от 2 до 36.';
  return { offered, installments: { minAmount, maxAmount, months } };
}
