import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListFilterFrame } from '../../../src/ui/admin/list-filter-frame';
import { renderAdminView } from './catalogue-test-support';

afterEach(cleanup);

describe('list filter frame (orders and requests lists)', () => {
  it('applies the typed search on «Найти», counts the filters and resets to the bare list', async () => {
    const searches: (string | undefined)[] = [];
    await renderAdminView(
      <ListFilterFrame
        list="/admin/client-requests"
        label="Фильтры заявок"
        placeholder="Тема, текст, e-mail, имя или телефон"
        q="диван"
        count={2}
        onSearch={(q) => searches.push(q)}
      >
        <label>
          <input type="checkbox" /> Только мои
        </label>
      </ListFilterFrame>,
      [],
    );
    const form = screen.getByRole('form', { name: 'Фильтры заявок' });
    const box = within(form).getByRole('searchbox', { name: 'Поиск' }) as HTMLInputElement;
    expect(box.value).toBe('диван');
    expect(within(form).getByRole('checkbox', { name: 'Только мои' })).toBeTruthy();

    const toggle = within(form).getByRole('button', { name: 'Фильтры (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(form.dataset.expanded).toBe('true');

    fireEvent.change(box, { target: { value: '  шкаф ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Найти' }));
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Найти' }));
    expect(searches).toEqual(['шкаф', undefined]);

    expect(within(form).getByRole('link', { name: 'Сбросить (2)' }).getAttribute('href')).toBe(
      '/admin/client-requests',
    );
  });

  it('offers no reset while no filter is set', async () => {
    await renderAdminView(
      <ListFilterFrame
        list="/admin/orders"
        label="Фильтры заказов"
        placeholder=""
        q={undefined}
        count={0}
        onSearch={() => {}}
      >
        {null}
      </ListFilterFrame>,
      [],
    );
    const form = screen.getByRole('form', { name: 'Фильтры заказов' });
    expect(within(form).getByRole('button', { name: 'Фильтры' })).toBeTruthy();
    expect(within(form).queryByRole('link')).toBeNull();
  });
});
