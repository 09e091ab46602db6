import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactPatch } from '../../../src/application/ports/admin-orders.port';
import type { CataloguePort } from '../../../src/application/ports/catalogue.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { OrderDetailView } from '../../../src/ui/admin/orders/order-detail-view';
import { renderWithRouter } from '../render-with-router';
import { strictFake } from '../routes/route-test-support';
import { adminOrder, adminServices } from './admin-fixtures';

const catalogue = strictFake<CataloguePort>('CataloguePort', {});

afterEach(cleanup);

describe('order card', () => {
  it('offers only the status moves the chart lists and confirms a cancellation', async () => {
    const updateStatus = vi.fn(async () =>
      adminOrder({ id: 5, status: 'cancelled', statusLabel: 'Отменён', actions: [] }),
    );
    const reload = vi.fn();
    await renderWithRouter(
      <OrderDetailView
        order={adminOrder({ id: 5 })}
        services={adminServices({ orders: { updateStatus } })}
        catalogue={catalogue}
        reload={reload}
        origin="https://shop.test"
      />,
      '/admin/orders/5',
    );
    expect(screen.getByRole('button', { name: 'Подтвердить' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Завершить' })).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Ссылка на оплату' }) as HTMLInputElement).value).toBe(
      'https://shop.test/pay/5',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Отменить заказ' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('будет отменён');
    expect(updateStatus).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
    });
    expect(updateStatus).toHaveBeenCalledWith(5, 'cancelled', 'new', expect.anything());
    expect(reload).toHaveBeenCalled();
  });

  it('keeps what was typed when the save fails, and shows why', async () => {
    const sent: ContactPatch[] = [];
    const updateContact = async (_id: number, contact: ContactPatch) => {
      sent.push(contact);
      throw new PortFailure({
        kind: 'bad-request',
        message: '422',
        status: 422,
        serverMessage: 'Телефон должен содержать от 10 до 15 цифр',
      });
    };
    await renderWithRouter(
      <OrderDetailView
        order={adminOrder({ id: 6 })}
        services={adminServices({ orders: { updateContact } })}
        catalogue={catalogue}
        reload={() => undefined}
        origin=""
      />,
      '/admin/orders/6',
    );
    const form = screen.getByRole('form', { name: 'Контакты покупателя' });
    const name = within(form).getByLabelText('Имя') as HTMLInputElement;
    const save = within(form).getByRole('button', { name: 'Сохранить' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'Ольга Петровна' } });
    expect(save.disabled).toBe(false);
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(sent).toEqual([{ name: 'Ольга Петровна', phone: '+79215554433', email: 'olga@example.ru' }]);
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'Телефон должен содержать от 10 до 15 цифр',
    );
    expect(name.value).toBe('Ольга Петровна');
  });

  it('does not send an invalid contact and marks the field', async () => {
    const updateContact = vi.fn();
    await renderWithRouter(
      <OrderDetailView
        order={adminOrder({ id: 7 })}
        services={adminServices({ orders: { updateContact } })}
        catalogue={catalogue}
        reload={() => undefined}
        origin=""
      />,
      '/admin/orders/7',
    );
    const form = screen.getByRole('form', { name: 'Контакты покупателя' });
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'не почта' } });
    fireEvent.submit(form);
    expect(updateContact).not.toHaveBeenCalled();
    expect(within(form).getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(form.textContent).toContain('Проверьте e-mail');
  });

  it('marks a line sold «под заказ» with a badge, and only that line', async () => {
    const base = adminOrder({ id: 8 });
    const [sofa] = base.items;
    if (!sofa) throw new Error('the fixture has a line');
    const order = adminOrder({
      id: 8,
      items: [
        { ...sofa, backorder: true },
        { ...sofa, productId: 4, name: 'Кресло «Берген»' },
      ],
    });
    await renderWithRouter(
      <OrderDetailView
        order={order}
        services={adminServices({})}
        catalogue={catalogue}
        reload={() => undefined}
        origin="https://shop.test"
      />,
      '/admin/orders/8',
    );
    const lines = within(screen.getByRole('form', { name: 'Товары заказа' })).getAllByRole('row');
    const sofaRow = lines.find((row) => row.textContent?.includes('Диван «Осло»'));
    const chairRow = lines.find((row) => row.textContent?.includes('Кресло «Берген»'));
    expect(within(sofaRow as HTMLElement).getByText('под заказ')).toBeTruthy();
    expect(within(chairRow as HTMLElement).queryByText('под заказ')).toBeNull();
  });
});
