import { describe, expect, it } from 'vitest';
import { nextPhoneFieldValue, phoneFieldValue } from '../../src/ui/components/phone-field-mask';
import {
  nextPhoneFieldValueWhenLoaded,
  preparePhoneMask,
} from '../../src/ui/components/phone-field-mask-lazy';

/** The phone fields' mask: groups digits while typing, lets a deletion stand, shows stored phones. */
describe('phone field mask', () => {
  it('groups a Russian number while it is typed', () => {
    let value = '';
    for (const char of '89215554433') value = nextPhoneFieldValue(value, value + char);
    expect(value).toBe('8 (921) 555-44-33');
  });

  it('groups an international number typed with a plus', () => {
    expect(nextPhoneFieldValue('+7921555443', '+79215554433')).toBe('+7 921 555 44 33');
  });

  it('drops letters and other characters the phone rule refuses', () => {
    expect(nextPhoneFieldValue('', '8a9b2c1')).toBe('8 (921)');
  });

  it('lets Backspace remove a separator instead of putting it back', () => {
    expect(nextPhoneFieldValue('8 (921)', '8 (921')).toBe('8 (921');
  });

  it('shows a stored E.164 phone grouped, and nothing for none', () => {
    expect(phoneFieldValue('+79215554433')).toBe('+7 921 555 44 33');
    expect(phoneFieldValue(null)).toBe('');
  });
});

describe('the lazily loaded mask of the shell modal', () => {
  it('keeps the text as typed until the mask has loaded, then masks', async () => {
    expect(nextPhoneFieldValueWhenLoaded('', '89215554433')).toBe('89215554433');
    await preparePhoneMask();
    expect(nextPhoneFieldValueWhenLoaded('', '89215554433')).toBe('8 (921) 555-44-33');
  });
});
