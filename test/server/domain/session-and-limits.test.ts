import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS, take } from '../../../server/domain/rate-limit';
import {
  cookieMaxAgeSeconds,
  SESSION_LIFETIMES,
  sessionVerdict,
  TEMP_PASSWORD_TTL_MS,
  tempPasswordUsable,
} from '../../../server/domain/session-policy';

describe('session lifetime', () => {
  const start = Date.UTC(2026, 0, 1);

  it('expires after the idle timeout, and after the absolute one even while active', () => {
    const { idleMs, absoluteMs } = SESSION_LIFETIMES.admin;
    expect(sessionVerdict('admin', { createdAt: start, lastSeenAt: start }, start + idleMs - 1)).toBe(
      'alive',
    );
    expect(sessionVerdict('admin', { createdAt: start, lastSeenAt: start }, start + idleMs)).toBe(
      'idle_expired',
    );
    expect(
      sessionVerdict('admin', { createdAt: start, lastSeenAt: start + absoluteMs - 1 }, start + absoluteMs),
    ).toBe('absolute_expired');
  });

  it('gives administrators shorter sessions than clients', () => {
    expect(SESSION_LIFETIMES.admin.idleMs).toBeLessThan(SESSION_LIFETIMES.user.idleMs);
    expect(SESSION_LIFETIMES.admin.absoluteMs).toBeLessThan(SESSION_LIFETIMES.user.absoluteMs);
    expect(cookieMaxAgeSeconds('admin', start, start)).toBe(12 * 3600);
  });

  it('lets a temporary password work once and for less than 24 hours', () => {
    expect(tempPasswordUsable(start, false, start + TEMP_PASSWORD_TTL_MS - 1)).toBe(true);
    expect(tempPasswordUsable(start, false, start + TEMP_PASSWORD_TTL_MS)).toBe(false);
    expect(tempPasswordUsable(start, true, start + 1)).toBe(false);
  });
});

describe('token buckets', () => {
  it('allows the capacity, then refuses with a retry delay, then refills', () => {
    const rule = RATE_LIMITS.loginIpAccount;
    let state = null as Parameters<typeof take>[1];
    const now = 1_000_000;
    for (let i = 0; i < rule.capacity; i += 1) {
      const result = take(rule, state, now);
      expect(result.allowed).toBe(true);
      state = result.state;
    }
    const refused = take(rule, state, now);
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
    expect(take(rule, refused.state, now + 60_000).allowed).toBe(true);
  });

  test.prop([fc.array(fc.integer({ min: 0, max: 120_000 }), { maxLength: 200 })])(
    'never allows more than capacity plus what the elapsed time refilled',
    (gaps) => {
      const rule = RATE_LIMITS.loginIpAccount;
      let state = null as Parameters<typeof take>[1];
      let now = 0;
      let allowed = 0;
      for (const gap of gaps) {
        now += gap;
        const result = take(rule, state, now);
        if (result.allowed) allowed += 1;
        state = result.state;
      }
      expect(allowed).toBeLessThanOrEqual(rule.capacity + Math.floor((now * rule.refillPerMinute) / 60_000));
    },
  );
});
