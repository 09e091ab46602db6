import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { KeyboardEvent } from 'react';
import {
  ledgerPages,
  stockMovementsMachineOfShop,
} from '../../../application/admin/products/stock-movements.machine';
import type { ProductFormRef } from '../../../application/machines/admin/image-manager.machine';
import { Button } from '../../components/button';
import { useUseCase } from '../../shell/shop-context';
import { formatDateTime } from '../admin-format';
import { Card, ErrorPanel, Field, Notice } from '../admin-ui';
import * as ui from '../admin-ui.css';

const signed = (delta: number): string => (delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`);

/**
 * «Движение остатков» of the product editor (issue 22, docs/stock.md): the stock ledger newest first
 * (date in Moscow time, reason, change, balance, order, who, note) and the manual correction form —
 * by a difference or to a counted balance, with a note. The panel renders its machine
 * (stock-movements.machine.ts) and sends it events; the machine hands a correction's answer to the form.
 */
export function StockMovementsPanel({ productId, form }: { productId: number; form: ProductFormRef }) {
  const panel = useActorRef(useUseCase(stockMovementsMachineOfShop), { input: { productId, form } });
  const tracked = useSelector(form, (snapshot) => snapshot.context.stored?.stock !== null);
  const ledgerFailed = useSelector(panel, (snapshot) => snapshot.matches({ ledger: 'failed' }));
  const movements = useSelector(panel, (snapshot) => snapshot.context.movements);
  const page = useSelector(panel, (snapshot) => snapshot.context.page);
  const mode = useSelector(panel, (snapshot) => snapshot.context.mode);
  const amount = useSelector(panel, (snapshot) => snapshot.context.amount);
  const note = useSelector(panel, (snapshot) => snapshot.context.note);
  const failure = useSelector(panel, (snapshot) => snapshot.context.correctionFailure);
  const canSubmit = useSelector(panel, (snapshot) => snapshot.can({ type: 'correction.submitted' }));
  const canTurnPage = useSelector(panel, (snapshot) => snapshot.matches({ ledger: 'shown' }));
  const submit = () => panel.send({ type: 'correction.submitted' });
  const pages = ledgerPages(movements);

  return (
    <Card title="Движение остатков">
      <div className={ui.stack}>
        {tracked ? (
          // Not a <form>: the panel sits inside the product form, and forms do not nest.
          <fieldset className={ui.stack}>
            <legend className={ui.muted}>Ручная корректировка остатка</legend>
            <div className={ui.row}>
              <label className={ui.checkboxLabel}>
                <input
                  type="radio"
                  name="stock-correction-mode"
                  checked={mode === 'delta'}
                  onChange={() => panel.send({ type: 'correction.modeChosen', mode: 'delta' })}
                />
                Изменить на (+/−)
              </label>
              <label className={ui.checkboxLabel}>
                <input
                  type="radio"
                  name="stock-correction-mode"
                  checked={mode === 'balance'}
                  onChange={() => panel.send({ type: 'correction.modeChosen', mode: 'balance' })}
                />
                Новый остаток
              </label>
            </div>
            <Field label={mode === 'delta' ? 'Изменение, шт.' : 'Остаток после пересчёта, шт.'}>
              {(props) => (
                <input
                  {...props}
                  className={ui.control}
                  inputMode="numeric"
                  value={amount}
                  onChange={(event) =>
                    panel.send({ type: 'correction.amountEdited', amount: event.target.value })
                  }
                  onKeyDown={(event: KeyboardEvent) => {
                    // Enter corrects the stock here instead of saving the product form around it.
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      submit();
                    }
                  }}
                  placeholder={mode === 'delta' ? '+2 или −1' : '5'}
                />
              )}
            </Field>
            <Field label="Комментарий" hint="Например: «Пересчёт склада» или «Брак, списано»">
              {(props) => (
                <input
                  {...props}
                  className={ui.control}
                  maxLength={500}
                  value={note}
                  onChange={(event) =>
                    panel.send({ type: 'correction.noteEdited', note: event.target.value })
                  }
                />
              )}
            </Field>
            <div className={ui.row}>
              <Button type="button" size="s" disabled={!canSubmit} onClick={submit}>
                Записать корректировку
              </Button>
            </div>
            {failure !== null && (
              <Notice tone="error" role="alert">
                {failure}
              </Notice>
            )}
          </fieldset>
        ) : (
          <p className={ui.muted}>Остаток не ведётся: включите учёт остатка в карточке и сохраните товар.</p>
        )}
        {ledgerFailed ? (
          <ErrorPanel
            text="Не удалось загрузить движение остатков"
            onRetry={() => panel.send({ type: 'ledger.retried' })}
          />
        ) : movements === null ? (
          <p className={ui.muted} role="status">
            Загружаем движение остатков…
          </p>
        ) : movements.items.length === 0 ? (
          <p className={ui.muted}>Движений пока не было.</p>
        ) : (
          <>
            <table className={ui.table} aria-label="Движение остатков">
              <thead>
                <tr>
                  <th scope="col">Дата</th>
                  <th scope="col">Причина</th>
                  <th scope="col">Изменение</th>
                  <th scope="col">Остаток</th>
                  <th scope="col">Заказ</th>
                  <th scope="col">Кто</th>
                  <th scope="col">Комментарий</th>
                </tr>
              </thead>
              <tbody>
                {movements.items.map((item) => (
                  <tr key={item.id}>
                    <td>{formatDateTime(item.createdAt)}</td>
                    <td>{item.reasonLabel}</td>
                    <td>{signed(item.delta)}</td>
                    <td>{item.balanceAfter}</td>
                    <td>
                      {item.orderId === null ? (
                        '—'
                      ) : (
                        <Link
                          to="/admin/orders/$orderId"
                          params={{ orderId: String(item.orderId) }}
                          className={ui.link}
                        >
                          № {item.orderId}
                        </Link>
                      )}
                    </td>
                    <td>{item.actorName ?? (item.orderId === null ? 'Система' : 'Покупатель')}</td>
                    <td>{item.note ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {pages > 1 && (
              <div className={ui.row}>
                <Button
                  size="s"
                  variant="ghost"
                  disabled={!canTurnPage || page <= 1}
                  onClick={() => panel.send({ type: 'ledger.pageRequested', page: page - 1 })}
                >
                  Новее
                </Button>
                <span className={ui.muted}>
                  Страница {page} из {pages}
                </span>
                <Button
                  size="s"
                  variant="ghost"
                  disabled={!canTurnPage || page >= pages}
                  onClick={() => panel.send({ type: 'ledger.pageRequested', page: page + 1 })}
                >
                  Старее
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </Card>
  );
}
