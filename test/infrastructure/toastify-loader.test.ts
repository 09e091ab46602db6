// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { loadToastify } from '../../src/infrastructure/toastify-loader';
import { eventually } from '../support/eventually';

describe('loadToastify', () => {
  it('mounts its own top-right container and shows and updates toasts by id', async () => {
    const toasts = await loadToastify(document);

    toasts.show('Не удалось синхронизировать корзину с сервером', {
      toastId: 'cart',
      type: 'error',
      autoClose: false,
    });
    await eventually(() =>
      expect(document.body.textContent).toContain('Не удалось синхронизировать корзину с сервером'),
    );
    expect(
      document.querySelector('[data-role="toasts"] .Toastify__toast-container--top-right'),
    ).not.toBeNull();

    toasts.update('cart', { render: 'Корзина сохранена', type: 'success' });
    await eventually(() => expect(document.body.textContent).toContain('Корзина сохранена'));

    // jsdom plays no CSS animations, so the exit never finishes there; dismissing must not throw.
    expect(() => toasts.dismiss('cart')).not.toThrow();
  });
});
