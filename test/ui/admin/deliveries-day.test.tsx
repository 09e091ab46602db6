import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_DELIVERIES_PORT } from '../../../src/application/ports/admin-deliveries.port';
import { CLOCK_PORT } from '../../../src/application/ports/clock.port';
import { DeliveriesDayView } from '../../../src/ui/admin/deliveries/deliveries-day-view';
import { provide } from '../../support/test-ports';
import { renderAdminView } from './catalogue-test-support';
import { delivery, memoryDeliveries, WINDOWS } from './memory-deliveries';

/** 27 November 2026, 23:30 in Moscow — still the 27th there, already past midnight nowhere west of it. */
const NOW = Date.parse('2026-11-27T23:30:00+03:00');
const TODAY = '2026-11-27';

async function renderScreen(store: ReturnType<typeof memoryDeliveries>, day?: string) {
  await renderAdminView(
    <DeliveriesDayView {...(day === undefined ? {} : { day })} />,
    [provide(ADMIN_DELIVERIES_PORT, store.port), provide(CLOCK_PORT, { now: () => NOW })],
    '/admin/deliveries',
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function submit(form: string, button: string) {
  await act(async () => {
    fireEvent.click(within(screen.getByRole('form', { name: form })).getByRole('button', { name: button }));
  });
}

describe('«Доставки на день» (/admin/deliveries)', () => {
  afterEach(cleanup);

  it('opens today in Moscow and lists the day’s orders by window with what each carries', async () => {
    const store = memoryDeliveries({
      [TODAY]: [
        delivery(101),
        delivery(102, {
          windowId: 2,
          windowLabel: WINDOWS[1]?.label ?? null,
          windowPrice: 100_000,
          zone: 'outside_kad',
          kmBeyondKad: 12,
          items: [
            { name: 'Шкаф «Берген»', quantity: 1 },
            { name: 'Стул «Вена»', quantity: 4 },
          ],
          serviceLines: [
            { label: 'Доставка', amount: 198_000 },
            { label: 'Подъём на 7 этаж без лифта', amount: 175_000 },
          ],
          status: 'delivery_agreed',
        }),
      ],
    });
    await renderScreen(store);
    await screen.findByLabelText('Занято мест');
    expect(store.calls).toEqual([`day ${TODAY}`]);
    expect(screen.getByRole('heading', { level: 1, name: 'Доставки на день' })).toBeDefined();
    expect(screen.getByText('пятница, 27 ноября')).toBeDefined();
    expect(screen.getByLabelText('Занято мест').textContent).toBe('2 из 8');
    const allDay = screen.getByRole('table', { name: 'Доставки: Весь день, 10:00–22:00' });
    expect(within(allDay).getByRole('link', { name: '№ 101' }).getAttribute('href')).toBe(
      '/admin/orders/101',
    );
    expect(within(allDay).getByText('Санкт-Петербург в пределах КАД')).toBeDefined();
    const slot = screen.getByRole('table', { name: 'Доставки: 10:00–13:00' });
    expect(within(slot).getByText('За КАД, 12 км')).toBeDefined();
    expect(within(slot).getByText('Стул «Вена» × 4')).toBeDefined();
    expect(within(slot).getByText(/Подъём на 7 этаж без лифта: 1\s750\s₽/)).toBeDefined();
    expect(within(slot).getByText('Доставка согласована')).toBeDefined();
  });

  it('picks another day; an empty day says so', async () => {
    const store = memoryDeliveries({ [TODAY]: [delivery(101)] });
    await renderScreen(store);
    await screen.findByLabelText('Занято мест');
    await act(async () => {
      fireEvent.change(input('День доставки'), { target: { value: '2026-12-01' } });
    });
    await screen.findByText('На этот день доставок нет');
    expect(screen.getByText('вторник, 1 декабря')).toBeDefined();
    expect(store.calls).toEqual([`day ${TODAY}`, 'day 2026-12-01']);
  });

  it('saves the day’s capacity and the default; the answer is the screen', async () => {
    const store = memoryDeliveries({ '2026-12-01': [delivery(7)] });
    await renderScreen(store, '2026-12-01');
    await screen.findByLabelText('Занято мест');
    fireEvent.change(input('Доставок в этот день'), { target: { value: '1' } });
    await submit('Вместимость дня', 'Сохранить для дня');
    await screen.findByText('Вместимость дня сохранена.');
    expect(screen.getByLabelText('Занято мест').textContent).toBe('1 из 1');
    expect(screen.getByText(/мест нет, день закрыт/)).toBeDefined();
    await submit('Вместимость дня', 'Как обычно');
    await screen.findByText('Для этого дня действует обычная вместимость.');
    fireEvent.change(input('Обычно доставок в день'), { target: { value: '10' } });
    await submit('Обычная вместимость', 'Сохранить обычную');
    await screen.findByText('Обычная вместимость сохранена.');
    expect(screen.getByLabelText('Занято мест').textContent).toBe('1 из 10');
    expect(store.calls).toEqual([
      'day 2026-12-01',
      'capacity 2026-12-01 1 over null',
      'capacity 2026-12-01 null over 1',
      'default 10 over 8',
    ]);
  });

  it('a save over someone else’s change (409) shows the Russian message and the stored value', async () => {
    const store = memoryDeliveries();
    await renderScreen(store, '2026-12-02');
    await screen.findByLabelText('Занято мест');
    store.otherManagerSets('2026-12-02', 3);
    fireEvent.change(input('Доставок в этот день'), { target: { value: '5' } });
    await submit('Вместимость дня', 'Сохранить для дня');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Вместимость уже изменил другой сотрудник');
    await screen.findByText('0 из 3');
    expect(input('Доставок в этот день').value).toBe('3');
    expect(store.calls).toEqual(['day 2026-12-02', 'capacity 2026-12-02 5 over null', 'day 2026-12-02']);
  });

  it('refuses a capacity that is not a whole number from 0 to 1000 without a call', async () => {
    const store = memoryDeliveries();
    await renderScreen(store, '2026-12-02');
    await screen.findByLabelText('Занято мест');
    fireEvent.change(input('Доставок в этот день'), { target: { value: '2,5' } });
    await submit('Вместимость дня', 'Сохранить для дня');
    expect(screen.getByRole('alert').textContent).toBe('Вместимость — целое число от 0 до 1000.');
    fireEvent.change(input('Обычно доставок в день'), { target: { value: '5000' } });
    await submit('Обычная вместимость', 'Сохранить обычную');
    expect(screen.getByRole('alert').textContent).toBe('Вместимость — целое число от 0 до 1000.');
    expect(store.calls).toEqual(['day 2026-12-02']);
  });
});
