import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  type AlertStaff,
  alertMessage,
  crossesFillingThreshold,
  recipientsOf,
  startTokenOf,
} from '../../../server/domain/staff-alerts';
import { formatKopecks } from '../../../shared-rules/money-rule';
import { STAFF_ALERT_CHANNELS, STAFF_ALERT_EVENTS } from '../../../shared-rules/staff-alert-rule';

const URL = 'https://domistil.ru';
const event = fc.constantFrom(...STAFF_ALERT_EVENTS);
const channel = fc.constantFrom(...STAFF_ALERT_CHANNELS);

describe('alert texts (docs/alerts.md)', () => {
  test.prop([event, fc.dictionary(fc.string(), fc.anything())])(
    'every event gives a Russian subject and text for any payload, never a throw',
    (kind, payload) => {
      const message = alertMessage(kind, payload, URL);
      expect(message.subject).toMatch(/ — «Дом и Стиль»$/);
      expect(message.text.length).toBeGreaterThan(0);
      expect(message.text).toContain(URL);
    },
  );

  test.prop([fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 100_000_000_00 })])(
    'a new order names its number, its sum by the money rule and its card',
    (orderId, total) => {
      const { text } = alertMessage('order_created', { orderId, total: String(total) }, URL);
      expect(text.split('\n')[0]).toBe(`Новый заказ № ${orderId} на ${formatKopecks(total)}`);
      expect(text).toContain(`${URL}/admin/orders/${orderId}`);
    },
  );
});

describe('a delivery day filling up (≥ 80 % of its capacity)', () => {
  const load = fc.integer({ min: 0, max: 1_000 });
  test.prop([load, load, fc.integer({ min: 1, max: 1_000 })])(
    'alerts exactly when the booking crosses 80 % upwards',
    (a, b, capacity) => {
      const [before, after] = a <= b ? [a, b] : [b, a];
      const expected = before / capacity < 0.8 && after / capacity >= 0.8;
      expect(crossesFillingThreshold(before, after, capacity)).toBe(expected);
      // Going down, or staying on one side, never alerts.
      expect(crossesFillingThreshold(after, before, capacity)).toBe(false);
    },
  );
  test.prop([load, load])('a day without capacity never alerts', (before, after) => {
    expect(crossesFillingThreshold(before, after, 0)).toBe(false);
  });
});

describe('who gets an event', () => {
  const staffMember = fc.record({
    userId: fc.integer({ min: 1, max: 50 }),
    email: fc.constantFrom('a@shop.ru', 'b@shop.ru', 'A@shop.ru', 'c@shop.ru'),
    telegramChatId: fc.option(fc.constantFrom('1', '2', '3'), { nil: null }),
    choices: fc.array(fc.record({ event, channel }), { maxLength: 12 }),
  });
  test.prop([
    event,
    fc.uniqueArray(staffMember, { maxLength: 6, selector: (member) => member.userId }),
    fc.option(fc.constant('shop@shop.ru'), { nil: null }),
    fc.boolean(),
  ])(
    'one message per channel and address; only chosen events; Telegram only to linked chats with the bot on',
    (kind, staff: AlertStaff[], shopEmail, telegramOn) => {
      const out = recipientsOf(kind, staff, shopEmail, telegramOn);
      const keys = out.map((to) => `${to.channel}/${to.recipient.toLowerCase()}`);
      expect(new Set(keys).size).toBe(keys.length);
      if (!telegramOn) expect(out.every((to) => to.channel === 'email')).toBe(true);
      if (shopEmail !== null)
        expect(out[0]).toEqual({ userId: null, channel: 'email', recipient: shopEmail });
      for (const to of out) {
        if (to.userId === null) continue;
        const member = staff.find((m) => m.userId === to.userId);
        expect(member?.choices.some((c) => c.event === kind && c.channel === to.channel)).toBe(true);
        if (to.channel === 'telegram') expect(to.recipient).toBe(member?.telegramChatId);
      }
    },
  );
});

describe('the bot reads a deep-link /start', () => {
  test.prop([fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/)])('the token of «/start <token>»', (token) => {
    expect(startTokenOf(`/start ${token}`)).toBe(token);
    expect(startTokenOf(`/start@domistil_bot ${token}`)).toBe(token);
  });
  it('nothing from other texts', () => {
    for (const text of [
      '/start',
      'привет',
      '/start a b',
      `/start ${'x'.repeat(65)}`,
      '/start a;b',
      null,
      5,
    ]) {
      expect(startTokenOf(text)).toBeNull();
    }
  });
});
