import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayPageView } from '../../../src/application/ports/payments.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { clientPorts, GUEST, renderClientRoute, startTestShop } from './client-test-support';

afterEach(cleanup);

const TOKEN = `mxyz12.${'A'.repeat(43)}`;
const VIEW: PayPageView = {
  orderId: 77,
  state: 'payable',
  amountDue: 5_499_000,
  total: 5_499_000,
  prepayment: false,
  lines: [{ name: 'Диван «Осло»', quantity: 1, lineTotal: 5_499_000 }],
  methods: ['card', 'sbp', 'installments'],
  chosen: 'sbp',
  installment: { months: 6, monthly: 916_500 },
};
const text = () => document.body.textContent?.replace(/\s/g, ' ') ?? '';

describe('/pay/{orderId}?t= — the signed pay link (issue 22, item 5)', () => {
  it('a guest sees the order and the amount, picks a way to pay and is sent to the payment service', async () => {
    const openLink = vi.fn(async () => VIEW);
    const payByLink = vi.fn(async () => ({
      paymentId: 'pay_1',
      confirmationUrl: '/api/payments/test-gateway/pay_1',
    }));
    const services = clientPorts({ answer: GUEST }, { payments: { openLink, payByLink } });
    const left: string[] = [];
    const { renderWithShop } = await import('./render-with-shop');
    const { PayView } = await import('../../../src/ui/routes/-client/pay-view');
    await renderWithShop(
      <PayView orderId={77} token={TOKEN} leaveFor={(url) => left.push(url)} />,
      services,
      startTestShop(services).shop,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Оплата заказа № 77' })).toBeTruthy();
    expect(openLink).toHaveBeenCalledWith(77, TOKEN, expect.anything());
    expect(text()).toMatch(/Диван «Осло» × 1 — 54 990 ₽/u);
    expect(text()).toMatch(/К оплате\s*54 990 ₽/u);
    expect(text()).toMatch(/от 9 165 ₽\/мес, 6 мес\./u);
    expect((screen.getByRole('radio', { name: /СБП/ }) as HTMLInputElement).checked).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: /Частями/ }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Оплатить' }));
    });
    expect(payByLink).toHaveBeenCalledWith(77, TOKEN, 'installments', expect.anything());
    expect(left).toEqual(['/api/payments/test-gateway/pay_1']);
  });

  it('an unusable link says so in Russian; the route reads the token from the address', async () => {
    const services = clientPorts(
      { answer: GUEST },
      {
        payments: {
          openLink: async () => {
            throw new PortFailure({ kind: 'bad-request', status: 404, message: 'not found' });
          },
        },
      },
    );
    await renderClientRoute(`/pay/77?t=${TOKEN}`, services, startTestShop(services).shop);
    expect(
      await screen.findByText(
        'Ссылка на оплату недействительна или устарела. Если заказ ещё не оплачен, войдите в личный кабинет или позвоните нам — менеджер пришлёт новую ссылку.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Войти' })).toBeNull();
  });
});
