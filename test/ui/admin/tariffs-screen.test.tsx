import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ITEM_CLASSES, type ItemClass } from '../../../shared-rules/item-class-rule';
import {
  ADMIN_TARIFFS_PORT,
  type AdminTariffsPort,
  type ClassTariff,
  type DeliveryTariffs,
  type LoadedTariffs,
} from '../../../src/application/ports/admin-tariffs.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { TariffsScreen } from '../../../src/ui/admin/catalogue/tariffs-screen';
import { provide } from '../../support/test-ports';
import { strictFake } from '../routes/route-test-support';
import { renderAdminView } from './catalogue-test-support';

const rub = (roubles: number) => roubles * 100;

function classTariffs(): Record<ItemClass, ClassTariff> {
  const all = Object.fromEntries(
    ITEM_CLASSES.map((id) => [
      id,
      {
        carryPerFloor: rub(200),
        carryPassengerLift: rub(300),
        assembly: { kind: 'fixed', amount: rub(500) },
      },
    ]),
  ) as Record<ItemClass, ClassTariff>;
  return {
    ...all,
    sofa: {
      carryPerFloor: rub(250),
      carryPassengerLift: null,
      assembly: { kind: 'fixed', amount: rub(1_500) },
    },
    wardrobe: {
      carryPerFloor: rub(400),
      carryPassengerLift: null,
      assembly: { kind: 'percent', percent: 10 },
    },
  };
}

const SEEDED: DeliveryTariffs = {
  freeDeliveryFrom: rub(50_000),
  insideKad: rub(1_500),
  outsideKadBase: rub(1_500),
  outsideKadPerKm: rub(40),
  freightLiftPerItem: rub(300),
  dismantlingPerItem: rub(1_000),
  doorRemoval: rub(400),
  oldFurnitureRemovalPerItem: rub(1_500),
  classes: classTariffs(),
};

type SaveAnswer = 'ok' | 'stale' | 'invalid';

/** The tariffs document behind the port, versioned like the server (a save adds 1, a stale one is refused). */
function memoryTariffs(answers: SaveAnswer[] = []) {
  let record: LoadedTariffs = { id: 'current', version: '0', draft: SEEDED, meta: { savedAt: null } };
  const saves: { version: number; tariffs: DeliveryTariffs }[] = [];
  let loads = 0;
  const port = strictFake<AdminTariffsPort>('AdminTariffsPort', {
    load: async () => {
      loads += 1;
      return record;
    },
    save: async (version, tariffs) => {
      saves.push({ version, tariffs });
      const answer = answers.shift() ?? 'ok';
      if (answer === 'stale') {
        // Another manager saved in between: the stored document moves on.
        record = {
          ...record,
          version: String(Number(record.version) + 1),
          draft: { ...record.draft, doorRemoval: rub(450) },
        };
        throw new PortFailure({
          kind: 'bad-request',
          status: 409,
          code: 'conflict',
          message: 'PUT /api/admin/tariffs: HTTP 409',
          serverMessage:
            'Тарифы уже изменил другой сотрудник. Обновите страницу: ваши изменения не сохранены, чтобы не затереть чужие.',
        });
      }
      if (answer === 'invalid') {
        throw new PortFailure({
          kind: 'bad-request',
          status: 422,
          code: 'invalid_tariffs',
          message: 'PUT /api/admin/tariffs: HTTP 422',
          serverMessage: 'Диван, сборка: процент — от 0 до 100, не больше двух знаков после запятой.',
        });
      }
      record = {
        id: 'current',
        version: String(version + 1),
        draft: tariffs,
        meta: { savedAt: '2026-11-27T16:00:00.000Z' },
      };
      return record;
    },
  });
  return { port, saves, loadCount: () => loads };
}

async function renderScreen(port: AdminTariffsPort) {
  await renderAdminView(<TariffsScreen />, [provide(ADMIN_TARIFFS_PORT, port)], '/admin/tariffs');
  await screen.findByRole('table', { name: 'Подъём и сборка по классам товара' });
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
  });
}

describe('«Тарифы доставки и услуги» (/admin/tariffs)', () => {
  afterEach(cleanup);

  it('loads the tariffs and shows the money in roubles, grouped by zone, class and service', async () => {
    const { port } = memoryTariffs();
    await renderScreen(port);
    expect(screen.getByRole('heading', { level: 1, name: 'Тарифы доставки и услуги' })).toBeDefined();
    expect(input('Санкт-Петербург в пределах КАД, ₽').value).toBe('1500');
    expect(input('Бесплатная доставка от, ₽').value).toBe('50000');
    expect(input('За каждый км за КАД, ₽').value).toBe('40');
    expect(input('Диван: подъём за этаж').value).toBe('250');
    expect(input('Диван: подъём на пассажирском лифте').value).toBe('');
    expect(input('Диван: подъём на пассажирском лифте').placeholder).toBe('не помещается');
    expect(input('Шкаф: сборка, %').value).toBe('10');
    expect(input('Снятие дверей, ₽').value).toBe('400');
    expect(screen.getByText('Изменений нет')).toBeDefined();
  });

  it('saves the edited document over the version it read; the answer is the form', async () => {
    const { port, saves } = memoryTariffs(['ok']);
    await renderScreen(port);
    fireEvent.change(input('Санкт-Петербург в пределах КАД, ₽'), { target: { value: '1 700' } });
    fireEvent.change(input('Диван: подъём за этаж'), { target: { value: '300' } });
    fireEvent.change(input('Кресло: подъём на пассажирском лифте'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Шкаф: сборка считается'), { target: { value: 'fixed' } });
    fireEvent.change(input('Шкаф: сборка, ₽'), { target: { value: '2000' } });
    expect(screen.getByText('Есть несохранённые изменения')).toBeDefined();
    await save();
    await screen.findByText('Сохранено');
    expect(saves).toHaveLength(1);
    expect(saves[0]?.version).toBe(0);
    expect(saves[0]?.tariffs.insideKad).toBe(rub(1_700));
    expect(saves[0]?.tariffs.classes.sofa.carryPerFloor).toBe(rub(300));
    expect(saves[0]?.tariffs.classes.armchair.carryPassengerLift).toBeNull();
    expect(saves[0]?.tariffs.classes.wardrobe.assembly).toEqual({ kind: 'fixed', amount: rub(2_000) });
    // The next save goes over the version the server answered.
    fireEvent.change(input('Снятие дверей, ₽'), { target: { value: '500' } });
    await save();
    await screen.findByText('Сохранено');
    expect(saves[1]?.version).toBe(1);
  });

  it('a stale save (409) keeps my edits and offers to load the other version', async () => {
    const { port, saves, loadCount } = memoryTariffs(['stale']);
    await renderScreen(port);
    fireEvent.change(input('Вывоз старой мебели, ₽'), { target: { value: '2000' } });
    await save();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('сохранил другой сотрудник');
    expect(input('Вывоз старой мебели, ₽').value).toBe('2000');
    expect(saves).toHaveLength(1);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Загрузить их версию' }));
    });
    await screen.findByText('Изменений нет');
    expect(loadCount()).toBe(2);
    expect(input('Снятие дверей, ₽').value).toBe('450');
    expect(input('Вывоз старой мебели, ₽').value).toBe('1500');
  });

  it('an invalid save (422) shows the server’s Russian message naming the field; fixing it saves', async () => {
    const { port, saves } = memoryTariffs(['invalid', 'ok']);
    await renderScreen(port);
    fireEvent.change(screen.getByLabelText('Диван: сборка считается'), { target: { value: 'percent' } });
    fireEvent.change(input('Диван: сборка, %'), { target: { value: '150' } });
    await save();
    await screen.findByText(/Диван, сборка: процент — от 0 до 100/);
    expect(input('Диван: сборка, %').value).toBe('150');
    fireEvent.change(input('Диван: сборка, %'), { target: { value: '12,' } });
    expect(input('Диван: сборка, %').value).toBe('12,');
    fireEvent.change(input('Диван: сборка, %'), { target: { value: '12,5' } });
    await save();
    await screen.findByText('Сохранено');
    expect(saves[1]?.tariffs.classes.sofa.assembly).toEqual({ kind: 'percent', percent: 12.5 });
    expect(input('Диван: сборка, %').value).toBe('12,5');
  });
});
