import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../../server/domain/order-lifecycle.machine';
import {
  formatPayLinkToken,
  PAY_LINK_MAX_TTL_DAYS,
  parsePayLinkToken,
  payLinkExpiry,
  payLinkMessage,
  payLinkOpens,
} from '../../../server/domain/pay-link';

const mac = fc.stringMatching(/^[A-Za-z0-9_-]{43}$/);
const expiry = fc.integer({ min: 1, max: 10_000_000_000 });

describe('pay-link tokens (issue 22, item 5)', () => {
  test.prop([expiry, mac])('a formatted token parses back to its expiry and MAC', (expiresAt, code) => {
    expect(parsePayLinkToken(formatPayLinkToken(expiresAt, code))).toEqual({ expiresAt, mac: code });
  });

  test.prop([expiry, mac, fc.integer({ min: 1, max: 42 })])(
    'a truncated token is never read as a token',
    (expiresAt, code, cut) => {
      expect(parsePayLinkToken(formatPayLinkToken(expiresAt, code).slice(0, -cut))).toBeNull();
    },
  );

  test.prop([fc.anything()])('anything else parses to null, never throws', (value) => {
    const parsed = parsePayLinkToken(value);
    if (parsed !== null) expect(typeof value).toBe('string');
  });

  test.prop([
    fc.integer({ min: 1, max: 2 ** 31 }),
    fc.integer({ min: 0, max: 1000 }),
    fc.integer({ min: 1, max: 2 ** 31 }),
    fc.integer({ min: 0, max: 1000 }),
    expiry,
  ])(
    'the signed message names the order and the version: another of either is another message',
    (a, va, b, vb, e) => {
      const same = a === b && va === vb;
      expect(payLinkMessage(a, va, e) === payLinkMessage(b, vb, e)).toBe(same);
    },
  );

  test.prop([fc.integer({ min: 0, max: 4_000_000_000_000 }), fc.integer({ min: -5, max: 500 })])(
    'a new link lives between one day and the maximum, whatever the setting',
    (now, days) => {
      const lifetime = payLinkExpiry(now, days) - Math.floor(now / 1000);
      expect(lifetime).toBeGreaterThanOrEqual(86_400);
      expect(lifetime).toBeLessThanOrEqual(PAY_LINK_MAX_TTL_DAYS * 86_400);
    },
  );

  test.prop([
    fc.constantFrom(...ORDER_STATUSES),
    fc.boolean(),
    fc.boolean(),
    expiry,
    fc.integer({ min: 0, max: 2 ** 45 }),
  ])(
    'opens only a live online order before payment, and only before the expiry',
    (status, deleted, online, expiresAt, now) => {
      const opens = payLinkOpens({ status, deleted, online }, expiresAt, now);
      const beforePayment = ['new', 'confirmed', 'awaiting_payment', 'awaiting_prepayment'].includes(status);
      expect(opens).toBe(!deleted && online && beforePayment && expiresAt * 1000 > now);
    },
  );

  it('paid, cancelled and delivered orders close the link', () => {
    for (const status of ['paid', 'prepaid', 'cancelled', 'delivered'] as const) {
      expect(payLinkOpens({ status, deleted: false, online: true }, 2 ** 40, 0)).toBe(false);
    }
  });
});
