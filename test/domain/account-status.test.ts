import { describe, expect, it } from 'vitest';
import { resolveAccountStatus } from '../../src/domain/account-status';

const signedIn = { hadClientIdWhenOpened: true };
const guest = { hadClientIdWhenOpened: false };

describe('resolveAccountStatus, the five steps of spec §4', () => {
  it('1. an accountStatus in the response decides first', () => {
    expect(resolveAccountStatus({ ...signedIn, response: { accountStatus: 'created' } })).toBe('created');
    expect(
      resolveAccountStatus({ ...guest, response: { accountStatus: 'created', existingAccount: true } }),
    ).toBe('created');
  });

  it('1. a given status of existing or none is taken as given (decided: the server said so)', () => {
    expect(
      resolveAccountStatus({ ...guest, response: { accountStatus: 'existing', tempPassword: 'x' } }),
    ).toBe('existing');
    expect(resolveAccountStatus({ ...guest, response: { accountStatus: ' none ' } })).toBe('none');
  });

  it('1. any other non-empty accountStatus text means created, as the spec reads literally', () => {
    expect(resolveAccountStatus({ ...signedIn, response: { accountStatus: 'new' } })).toBe('created');
  });

  it('2. else a temporary password means created', () => {
    expect(
      resolveAccountStatus({ ...signedIn, response: { tempPassword: 'Xy7-qq', accountExists: true } }),
    ).toBe('created');
  });

  it.each(['existingAccount', 'accountExists', 'clientExists'])(
    '3. else the flag %s means existing',
    (flag) => {
      expect(resolveAccountStatus({ ...guest, response: { [flag]: true } })).toBe('existing');
    },
  );

  it('4. else a visitor without a client id when opening got a new account', () => {
    expect(resolveAccountStatus({ ...guest, response: { ok: true } })).toBe('created');
  });

  it('5. else none', () => {
    expect(resolveAccountStatus({ ...signedIn, response: { ok: true } })).toBe('none');
  });

  it('reads fields defensively: wrong types count as absent', () => {
    const response = {
      accountStatus: 42,
      tempPassword: '',
      existingAccount: 'true',
      accountExists: 1,
      clientExists: null,
    };
    expect(resolveAccountStatus({ ...signedIn, response })).toBe('none');
    expect(resolveAccountStatus({ ...guest, response })).toBe('created');
    expect(resolveAccountStatus({ ...signedIn, response: { accountStatus: '   ' } })).toBe('none');
    expect(resolveAccountStatus({ ...signedIn, response: { tempPassword: 12345 } })).toBe('none');
  });

  it.each([null, undefined, 'created', 42, [], [{ accountStatus: 'created' }]])(
    'any response shape gives a status (%j)',
    (response) => {
      expect(resolveAccountStatus({ ...signedIn, response })).toBe('none');
      expect(resolveAccountStatus({ ...guest, response })).toBe('created');
    },
  );
});
