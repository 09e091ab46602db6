import { describe, expect, it } from 'vitest';
import { accountActionFor, requestAccountFlags } from '../../../server/domain/request-account';
import { countAfter, countingStart, parseSince } from '../../../server/domain/unread-summary';

describe('unread summary arithmetic', () => {
  const now = Date.UTC(2026, 5, 1);

  it('counts from the later of since and the last reset', () => {
    expect(countingStart(100, 200)).toBe(200);
    expect(countingStart(300, 200)).toBe(300);
    expect(countingStart(null, null)).toBe(0);
    expect(countAfter([100, 200, 201, 300], 200)).toBe(2);
  });

  it('reads milliseconds, seconds and ISO dates, and clamps the future', () => {
    expect(parseSince(String(now - 5000), now)).toBe(now - 5000);
    expect(parseSince(String((now - 5000) / 1000), now)).toBe(now - 5000);
    expect(parseSince(new Date(now - 1000).toISOString(), now)).toBe(now - 1000);
    expect(parseSince(String(now + 99_999), now)).toBe(now);
    expect(parseSince('вчера', now)).toBeNull();
    expect(parseSince(undefined, now)).toBeNull();
    expect(parseSince('-5', now)).toBeNull();
  });
});

describe('request account flags', () => {
  it('tells a signed-in client about its own account only', () => {
    expect(requestAccountFlags({ kind: 'client', clientId: 5 })).toEqual({
      accountStatus: 'existing',
      existingAccount: true,
    });
  });

  it('tells an anonymous sender nothing, whether or not the e-mail has an account', () => {
    expect(requestAccountFlags({ kind: 'anonymous' })).toEqual({});
    expect(accountActionFor({ kind: 'anonymous' }, { clientId: 3 }, true)).toEqual({
      kind: 'notify_existing_account',
      clientId: 3,
    });
    expect(accountActionFor({ kind: 'anonymous' }, null, true)).toEqual({ kind: 'create_account' });
    expect(accountActionFor({ kind: 'anonymous' }, null, false)).toEqual({ kind: 'no_account' });
    expect(accountActionFor({ kind: 'client', clientId: 9 }, { clientId: 3 }, true)).toEqual({
      kind: 'use_session_client',
      clientId: 9,
    });
  });
});
