import { describe, expect, it } from 'vitest';
import { phoneText, phoneToSend } from '../../../src/ui/admin/phone-text';

describe('back-office phone text', () => {
  it('shows a stored E.164 phone formatted', () => {
    expect(phoneText('+79215554433')).toBe('+7 921 555 44 33');
  });

  it('shows a dash, or the given text, when there is no phone', () => {
    expect(phoneText(null)).toBe('—');
    expect(phoneText(undefined, '')).toBe('');
  });

  it('sends a masked phone as E.164, and an unreadable one as typed for the server to refuse', () => {
    expect(phoneToSend('8 (921) 555-44-33')).toBe('+79215554433');
    expect(phoneToSend(' 12 ')).toBe('12');
  });
});
