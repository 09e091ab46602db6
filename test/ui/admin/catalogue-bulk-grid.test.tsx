import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GridChange } from '../../../src/application/machines/admin/bulk-price-grid.machine';
import type { AdminProductRow, AdminProductsPort } from '../../../src/application/ports/admin-products.port';
import { BulkPriceGrid } from '../../../src/ui/admin/catalogue/bulk-price-grid';
import { renderWithRouter } from '../render-with-router';
import { strictFake } from '../routes/route-test-support';

function row(id: number, name: string, price: number): AdminProductRow {
  return {
    id,
    sku: `DS-${id}`,
    slug: `p-${id}`,
    name,
    price,
    price_old: null,
    badge: null,
    category_id: 1,
    category_name: 'Диваны',
    category_active: true,
    image_url: null,
    stock: null,
    backorder_allowed: false,
    hidden: false,
    updated_at: '2026-11-23T10:00:00.000Z',
  };
}

const rows = [row(1, 'Диван «Осло»', 54_990), row(2, 'Кресло «Берген»', 19_990)];

describe('bulk price grid', () => {
  afterEach(cleanup);

  it('undoes a cell edit with Ctrl+Z, saves the rest in one call per value, and undoes the save', async () => {
    const sent: GridChange[][] = [];
    const undone: string[][] = [];
    const port = strictFake<AdminProductsPort>('AdminProductsPort', {
      bulkEdit: async (changes) => {
        sent.push([...changes]);
        return { operations: ['op-1'], failedIds: [] };
      },
      undoBulkEdit: async (operations) => {
        undone.push([...operations]);
        return { restoredIds: [1, 2] };
      },
    });
    await renderWithRouter(<BulkPriceGrid rows={rows} products={port} onClose={() => undefined} />);
    const grid = screen.getByRole('region', { name: 'Массовое редактирование' });

    fireEvent.change(screen.getByLabelText('Цена: Диван «Осло»'), { target: { value: '50000' } });
    expect(screen.getByText('Изменено ячеек: 1')).toBeDefined();
    fireEvent.keyDown(grid, { key: 'z', ctrlKey: true });
    expect((screen.getByLabelText('Цена: Диван «Осло»') as HTMLInputElement).value).toBe('54990');

    fireEvent.change(screen.getByLabelText('Цена: Диван «Осло»'), { target: { value: '45 000' } });
    fireEvent.change(screen.getByLabelText('Цена: Кресло «Берген»'), { target: { value: '45000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Скрыть' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    });
    await screen.findByText(/Сохранено товаров: 2/);
    expect(sent).toEqual([
      [
        { field: 'price', value: 45_000, ids: [1, 2] },
        { field: 'hidden', value: true, ids: [1, 2] },
      ],
    ]);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Отменить сохранение' }));
    });
    await screen.findByText(/Изменения отменены: 2/);
    expect(undone).toEqual([['op-1']]);
    expect((screen.getByLabelText('Цена: Кресло «Берген»') as HTMLInputElement).value).toBe('19990');
  });
});
