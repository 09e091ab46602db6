import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { listConsents } from '../../../src/application/admin/consents/list-consents.query';
import {
  ADMIN_CONSENTS_PORT,
  type AdminConsentFilter,
  type AdminConsentsPort,
} from '../../../src/application/ports/admin-consents.port';
import { ConsentsListView } from '../../../src/ui/admin/consents/consents-list-view';
import { provide, testUseCases } from '../../support/test-ports';
import { renderWithRouter } from '../render-with-router';

afterEach(cleanup);

/** Issue 26, item 3 (docs/privacy.md «The owner's export»): «Согласия» lists the records and offers the CSV. */
describe('the back office «Согласия»', () => {
  it('shows each record with its purpose, version, subject and address, and the CSV of the same filter', async () => {
    const asked: AdminConsentFilter[] = [];
    const port: AdminConsentsPort = {
      list: async (filter) => {
        asked.push(filter);
        return {
          items: [
            {
              id: 5,
              at: '2026-11-27T09:30:00.000Z',
              purpose: 'marketing',
              action: 'withdrawn',
              document: 'marketing-consent',
              documentVersion: 2,
              source: 'account',
              clientId: 12,
              email: 'anna@example.ru',
              phone: null,
              reference: null,
              ip: '198.18.0.7',
              userAgent: 'Mozilla/5.0',
            },
          ],
          total: 1,
          page: 1,
          limit: 50,
        };
      },
      exportUrl: async (filter) => `/api/admin/consents/export?subject=${filter.subject ?? ''}`,
    };
    const run = testUseCases([provide(ADMIN_CONSENTS_PORT, port)]);
    const search = { subject: 'anna' };
    const { page, exportUrl } = await run(listConsents)(search);
    expect(asked).toEqual([search]);
    await renderWithRouter(
      <ConsentsListView search={search} page={page} exportUrl={exportUrl} />,
      '/admin/consents',
    );
    expect(screen.getByRole('link', { name: 'Скачать CSV' }).getAttribute('href')).toBe(
      '/api/admin/consents/export?subject=anna',
    );
    const table = screen.getByRole('table', { name: 'Согласия' });
    const row = within(table).getAllByRole('row')[1];
    if (row === undefined) throw new Error('no row');
    expect(row.textContent).toContain('Рекламные рассылки');
    expect(row.textContent).toContain('Отозвано · редакция 2');
    expect(row.textContent).toContain('anna@example.ru');
    expect(row.textContent).toContain('клиент № 12');
    expect(row.textContent).toContain('198.18.0.7');
    expect((screen.getByLabelText('Субъект') as HTMLInputElement).value).toBe('anna');
  });
});
