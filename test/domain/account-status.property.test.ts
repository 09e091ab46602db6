import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  ACCOUNT_STATUSES,
  EXISTING_ACCOUNT_FLAGS,
  resolveAccountStatus,
} from '../../src/domain/account-status';

/** A response body made of the fields the rule reads, each present or not, well-typed or not. */
const responseArb = fc.record(
  {
    accountStatus: fc.oneof(
      fc.constantFrom('created', 'existing', 'none', '', ' '),
      fc.string(),
      fc.anything(),
    ),
    tempPassword: fc.oneof(fc.constant(''), fc.string(), fc.anything()),
    existingAccount: fc.oneof(fc.boolean(), fc.anything()),
    accountExists: fc.oneof(fc.boolean(), fc.anything()),
    clientExists: fc.oneof(fc.boolean(), fc.anything()),
  },
  { requiredKeys: [] },
);

/** The five steps written out once more, independently, as the oracle. */
function oracle(response: Record<string, unknown>, hadClientId: boolean): string {
  const status = response.accountStatus;
  if (typeof status === 'string' && status.trim() !== '') {
    return ['existing', 'none'].includes(status.trim()) ? status.trim() : 'created';
  }
  if (typeof response.tempPassword === 'string' && response.tempPassword.length > 0) return 'created';
  if (EXISTING_ACCOUNT_FLAGS.some((flag) => response[flag] === true)) return 'existing';
  return hadClientId ? 'none' : 'created';
}

describe('resolveAccountStatus laws', () => {
  test.prop([responseArb, fc.boolean()])(
    'follows the five steps in order',
    (response, hadClientIdWhenOpened) => {
      expect(resolveAccountStatus({ response, hadClientIdWhenOpened })).toBe(
        oracle(response, hadClientIdWhenOpened),
      );
    },
  );

  test.prop([fc.anything(), fc.boolean()])(
    'any response gives one of the three statuses',
    (response, had) => {
      expect(ACCOUNT_STATUSES).toContain(resolveAccountStatus({ response, hadClientIdWhenOpened: had }));
    },
  );

  test.prop([responseArb])('a guest never ends with none unless the server says so', (response) => {
    const status = resolveAccountStatus({ response, hadClientIdWhenOpened: false });
    if (status === 'none') expect(String(response.accountStatus).trim()).toBe('none');
  });
});
