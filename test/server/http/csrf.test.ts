import { describe, expect, it } from 'vitest';
import { csrfVerdict } from '../../../server/http/routes/session.hooks';

const allowed = new Set(['https://shop.ru']);
const request = (method: string, url: string, headers: Record<string, string> = {}) => ({
  method,
  url,
  protocol: 'https' as const,
  headers: { host: 'shop.ru', ...headers },
});

describe('CSRF guard', () => {
  it('lets reads and same-origin JSON writes through', () => {
    expect(csrfVerdict(request('GET', '/api/cart/1', { origin: 'https://evil.example' }), allowed)).toBe(
      'ok',
    );
    expect(
      csrfVerdict(
        request('POST', '/api/orders', {
          origin: 'https://shop.ru',
          'content-type': 'application/json; charset=utf-8',
        }),
        allowed,
      ),
    ).toBe('ok');
    expect(csrfVerdict(request('DELETE', '/api/viewed', { 'sec-fetch-site': 'same-origin' }), allowed)).toBe(
      'ok',
    );
  });

  it('refuses foreign origins, cross-site fetches and simple content types', () => {
    expect(csrfVerdict(request('POST', '/api/logout', { origin: 'https://evil.example' }), allowed)).toBe(
      'forbidden',
    );
    expect(csrfVerdict(request('POST', '/api/logout', { origin: 'null' }), allowed)).toBe('forbidden');
    expect(csrfVerdict(request('PUT', '/api/cart/1', { 'sec-fetch-site': 'cross-site' }), allowed)).toBe(
      'forbidden',
    );
    expect(csrfVerdict(request('PUT', '/api/cart/1', { 'sec-fetch-site': 'same-site' }), allowed)).toBe(
      'forbidden',
    );
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      expect(
        csrfVerdict(
          request('POST', '/api/login', { origin: 'https://shop.ru', 'content-type': type }),
          allowed,
        ),
      ).toBe('unsupported_media_type');
    }
  });

  it('allows multipart only for the consultation upload, and exempts provider notifications', () => {
    expect(
      csrfVerdict(
        request('POST', '/api/requests', {
          origin: 'https://shop.ru',
          'content-type': 'multipart/form-data; boundary=x',
        }),
        allowed,
      ),
    ).toBe('ok');
    expect(
      csrfVerdict(
        request('POST', '/api/payments/notify/yookassa', { 'content-type': 'text/plain' }),
        allowed,
      ),
    ).toBe('ok');
  });
});
