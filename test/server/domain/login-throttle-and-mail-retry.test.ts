import { describe, expect, it } from 'vitest';
import {
  delayMs,
  secondsBlocked,
  withFailure,
  withoutOneFailure,
} from '../../../server/domain/login-throttle';
import { afterFailedAttempt } from '../../../server/domain/mail-retry';
import { LOGIN_THROTTLE, limitAddress } from '../../../server/domain/rate-limit';

const rule = LOGIN_THROTTLE.addressAccount;

describe('login failure delays', () => {
  it('blocks after the free failures, doubling to the cap', () => {
    expect([9, 10, 11, 12, 13].map((failures) => delayMs(rule, failures) / 1000)).toEqual([
      0, 60, 120, 240, 480,
    ]);
    expect(delayMs(rule, 40)).toBe(rule.maxDelaySeconds * 1000);
  });

  it('counts failures, answers the wait in whole seconds and forgets a quiet key', () => {
    let state = null;
    for (let failure = 0; failure < rule.freeFailures; failure += 1) state = withFailure(rule, state, 1_000);
    expect(state?.failures).toBe(rule.freeFailures);
    expect(secondsBlocked(rule, state, 1_000)).toBe(60);
    expect(secondsBlocked(rule, state, 60_500)).toBe(1);
    expect(secondsBlocked(rule, state, 61_000)).toBe(0);
    expect(withFailure(rule, state, 1_000 + rule.forgetAfterMs + 1).failures).toBe(1);
    expect(secondsBlocked(rule, state, 1_000 + rule.forgetAfterMs + 1)).toBe(0);
  });

  it('takes back one failure counted in advance', () => {
    const one = withFailure(rule, null, 5);
    expect(withoutOneFailure(rule, one, 6)).toBeNull();
    const two = withFailure(rule, one, 7);
    expect(withoutOneFailure(rule, two, 8)).toEqual({ failures: 1, lastFailureAtMs: 7, blockedUntilMs: 7 });
  });
});

describe('the address a limit counts', () => {
  it('is an IPv4 address itself and an IPv6 address by its /64 network', () => {
    expect(limitAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(limitAddress('2001:db8:77:1::1')).toBe('2001:db8:77:1::/64');
    expect(limitAddress('2001:DB8:77:1:ffff:1:2:3')).toBe('2001:db8:77:1::/64');
    expect(limitAddress('2001:0db8:0077:0001::9')).toBe('2001:db8:77:1::/64');
    expect(limitAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitAddress('2001:db8:78:1::1')).not.toBe(limitAddress('2001:db8:77:1::1'));
  });
});

describe('mail retry backoff', () => {
  const policy = { baseDelayMs: 10, maxDelayMs: 100, maxAttempts: 5 };
  it('doubles the wait up to the cap and gives up after the last attempt', () => {
    expect([1, 2, 3, 4].map((attempt) => afterFailedAttempt(policy, attempt, 1000))).toEqual([
      { kind: 'retry', nextAttemptAtMs: 1010 },
      { kind: 'retry', nextAttemptAtMs: 1020 },
      { kind: 'retry', nextAttemptAtMs: 1040 },
      { kind: 'retry', nextAttemptAtMs: 1080 },
    ]);
    expect(afterFailedAttempt({ ...policy, maxAttempts: 10 }, 8, 0)).toEqual({
      kind: 'retry',
      nextAttemptAtMs: 100,
    });
    expect(afterFailedAttempt(policy, 5, 0)).toEqual({ kind: 'give_up' });
  });
});
