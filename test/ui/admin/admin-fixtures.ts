import type { AdminOrderDetail } from '../../../src/application/ports/admin-orders.port';
import type { KeyValueStoragePort, StorageSlot } from '../../../src/application/ports/key-value-storage.port';

/** An order as the admin API answers it (only the fields a test changes are given). */
export function adminOrder(overrides: Partial<AdminOrderDetail> & { id: number }): AdminOrderDetail {
  return {
    clientId: 7,
    status: 'new',
    statusLabel: 'Новый',
    actions: [
      { to: 'confirmed', label: 'Подтвердить' },
      { to: 'awaiting_payment', label: 'Разрешить оплату' },
      { to: 'cancelled', label: 'Отменить заказ' },
    ],
    statusSince: '2026-11-23T10:00:00.000Z',
    overdue: false,
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    deletedAt: null,
    // Money in kopecks (docs/money.md): 54 990 ₽.
    items: [
      {
        productId: 3,
        name: 'Диван «Осло»',
        quantity: 1,
        unitPrice: 5_499_000,
        lineTotal: 5_499_000,
        discount: 0,
        netTotal: 5_499_000,
      },
    ],
    subtotal: 5_499_000,
    discount: 0,
    total: 5_499_000,
    promoCode: null,
    contact: { name: 'Ольга', phone: '+79215554433', email: 'olga@example.ru' },
    delivery: { method: 'courier', address: 'Москва, ул. Лесная, 5' },
    deliveryDetails: { date: null, timeSlot: null, floor: null, lift: null, assembly: false },
    comment: null,
    paymentMethod: 'online',
    paymentAllowed: false,
    paid: false,
    paymentState: 'unpaid',
    paidAmount: 0,
    timeline: [],
    ...overrides,
  };
}

/** localStorage as a map (the saved views' storage port). */
export function memoryStorage(): KeyValueStoragePort {
  const values = new Map<string, string>();
  return {
    read: <T>(slot: StorageSlot<T>) => slot.decode(values.get(slot.key) ?? null),
    write: <T>(slot: StorageSlot<T>, value: T) => void values.set(slot.key, slot.encode(value)),
    remove: <T>(slot: StorageSlot<T>) => void values.delete(slot.key),
    onExternalChange: () => () => undefined,
  };
}
