import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NewAdminOrder } from '../../../src/application/ports/admin-orders.port';
import type { CataloguePort } from '../../../src/application/ports/catalogue.port';
import { NewOrderView } from '../../../src/ui/admin/orders/new-order-view';
import { OrderDetailView } from '../../../src/ui/admin/orders/order-detail-view';
import { adminOrder } from './admin-fixtures';
import { renderOrderScreen } from './orders-test-support';

afterEach(cleanup);

const catalogue: Partial<CataloguePort> = {
  search: async () => ({
    query: 'диван',
    corrected_query: null,
    items: [
      {
        id: 3,
        slug: 'divan-oslo',
        name: 'Диван «Осло»',
        tovar_pic1_url_site: null,
        price: 54_990,
        price_old: null,
        badge: null,
        width: null,
        depth: null,
        height: null,
        specs: {},
      },
    ],
    total: 1,
    page: 1,
    limit: 8,
  }),
};

describe('phone order', () => {
  it('finds the client, adds a product, and places the order with the pay link', async () => {
    const created: NewAdminOrder[] = [];
    const ports = {
      clients: {
        list: async () => ({
          items: [
            {
              id: 9,
              email: 'anna@example.ru',
              name: 'Анна',
              phone: '+79215551020',
              createdAt: '2026-11-01T09:00:00.000Z',
              lastSeenAt: null,
              ordersCount: 0,
              requestsCount: 0,
            },
          ],
          total: 1,
          page: 1,
          limit: 6,
        }),
      },
      orders: {
        create: vi.fn(async (order: NewAdminOrder) => {
          created.push(order);
          return adminOrder({ id: 77 });
        }),
      },
      catalogue,
    };
    await renderOrderScreen(<NewOrderView />, '/admin/orders/new', ports);
    const form = screen.getByRole('form', { name: 'Новый заказ' });

    fireEvent.change(screen.getByLabelText('Телефон, e-mail или имя клиента'), {
      target: { value: '8 921 555' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Найти клиента/ }));
    });
    const found = await screen.findByRole('list', { name: 'Найденные клиенты' });
    fireEvent.click(within(found).getByRole('button', { name: 'Выбрать' }));
    expect((within(form).getByLabelText('E-mail') as HTMLInputElement).value).toBe('anna@example.ru');

    // Nothing is sent while the order has no products (or no address for the courier).
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(created).toEqual([]);
    expect(form.textContent).toContain('В заказе должен остаться хотя бы один товар');
    expect(form.textContent).toContain('Для курьерской доставки нужен адрес');

    fireEvent.change(screen.getByLabelText('Название или артикул товара'), { target: { value: 'диван' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Найти$/ }));
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить «Диван «Осло»»' }));
    fireEvent.change(within(form).getByLabelText('Адрес'), { target: { value: 'Москва, ул. Лесная, 5' } });
    fireEvent.change(within(form).getByLabelText('Этаж'), { target: { value: '7' } });

    await act(async () => {
      fireEvent.submit(form);
    });
    expect(created).toEqual([
      {
        clientId: 9,
        contact: { name: 'Анна', phone: '+79215551020', email: 'anna@example.ru' },
        lines: [{ productId: 3, quantity: 1 }],
        delivery: {
          method: 'courier',
          address: 'Москва, ул. Лесная, 5',
          date: null,
          timeSlot: null,
          floor: 7,
          lift: null,
          assembly: false,
        },
        paymentMethod: 'online',
        sendPayLink: true,
      },
    ]);
  });
});

/** The labels of a card's fields, in order (what a manager reads down the card). */
const fieldLabels = (card: HTMLElement) =>
  [...card.querySelectorAll('label')].map((label) => label.textContent?.replace(/\s+/g, ' ').trim());

const cardTitled = (title: string) =>
  screen.getByRole('heading', { level: 2, name: title }).closest('section') as HTMLElement;

describe('phone order in sections', () => {
  it('lays out client, lines, delivery, payment and summary; the delivery fields are the order card’s', async () => {
    await renderOrderScreen(<NewOrderView />, '/admin/orders/new', { catalogue });
    for (const title of ['Клиент', 'Товары', 'Доставка', 'Оплата', 'Итог'])
      expect(cardTitled(title)).toBeTruthy();
    const newOrderDelivery = fieldLabels(cardTitled('Доставка'));
    expect(newOrderDelivery).toEqual([
      'Способ доставки',
      'Адрес',
      'Дата',
      'Время',
      'Этаж',
      'Лифт',
      'Сборка мебели',
    ]);
    const liftChoices = within(cardTitled('Доставка'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(liftChoices).toEqual([
      'Курьер',
      'Самовывоз',
      'Не указан',
      'Нет лифта',
      'Пассажирский',
      'Грузовой',
    ]);
    cleanup();

    await renderOrderScreen(<OrderDetailView order={adminOrder({ id: 5 })} origin="" />, '/admin/orders/5', {
      orders: { payLink: async () => Promise.reject(new Error('no signed link in this test')) },
    });
    expect(fieldLabels(cardTitled('Доставка'))).toEqual(newOrderDelivery);
  });
});
