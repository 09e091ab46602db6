import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { correctProductStock } from '../../../application/admin/products/correct-product-stock';
import { productStockMovements } from '../../../application/admin/products/product-stock-movements.query';
import { commandMachine } from '../../../application/machines/admin/admin-machines';
import type { ProductFormRef } from '../../../application/machines/admin/image-manager.machine';
import type { StockCorrection, StockMovementPage } from '../../../application/ports/admin-products.port';
import { Button } from '../../components/button';
import { useUseCase } from '../../shell/shop-context';
import { formatDateTime } from '../admin-format';
import { Card, ErrorPanel, Field, Notice } from '../admin-ui';
import * as ui from '../admin-ui.css';

const signed = (delta: number): string => (delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`);

/**
 * «Движение остатков» of the product editor (issue 22, docs/stock.md): the stock ledger newest first
 * (date in Moscow time, reason, change, balance, order, who, note) and the manual correction form —
 * by a difference or to a counted balance, with a note. A correction updates the form's stock and
 * version, so a later save of other fields is not a conflict.
 */
export function StockMovementsPanel({ productId, form }: { productId: number; form: ProductFormRef }) {
  const readMovements = useUseCase(productStockMovements);
  const correctStock = useUseCase(correctProductStock);
  const [page, setPage] = useState(1);
  const [movements, setMovements] = useState<StockMovementPage | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [mode, setMode] = useState<'delta' | 'balance'>('delta');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const tracked = useSelector(form, (snapshot) => snapshot.context.stored?.stock !== null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` asks for a fresh read after a correction
  useEffect(() => {
    const controller = new AbortController();
    setLoadFailed(false);
    readMovements(productId, page, controller.signal).then(
      (answer) => setMovements(answer),
      () => {
        if (!controller.signal.aborted) setLoadFailed(true);
      },
    );
    return () => controller.abort();
  }, [readMovements, productId, page, reloads]);

  const machine = useMemo(
    () =>
      commandMachine(async (command, signal) => {
        const value = Number(command.args?.amount);
        const correction: StockCorrection =
          command.args?.mode === 'balance' ? { balance: value } : { delta: value };
        const saved = await correctStock(productId, correction, String(command.args?.note ?? ''), signal);
        form.send({
          type: 'form.recordTouched',
          meta: saved.meta,
          version: saved.version,
          fields: { stock: saved.draft.stock },
        });
        return saved;
      }),
    [correctStock, productId, form],
  );
  const command = useActorRef(machine);
  const state = useSelector(command, (snapshot) => snapshot.value);
  const error = useSelector(command, (snapshot) => snapshot.context.error);
  useEffect(() => {
    const subscription = command.on('command.succeeded', () => {
      setAmount('');
      setNote('');
      setPage(1);
      setReloads((count) => count + 1);
    });
    return () => subscription.unsubscribe();
  }, [command]);

  const amountValid =
    /^[-+−]?\d{1,7}$/.test(amount.trim()) &&
    (mode === 'balance' ? !/^[-−]/.test(amount.trim()) : Number(amount.trim().replace('−', '-')) !== 0);
  const submit = () => {
    if (!amountValid) return;
    command.send({
      type: 'command.requested',
      command: {
        name: 'product.correctStock',
        args: { mode, amount: Number(amount.trim().replace('−', '-')), note },
      },
    });
  };
  const pages = movements === null ? 1 : Math.max(1, Math.ceil(movements.total / movements.limit));

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
                  onChange={() => setMode('delta')}
                />
                Изменить на (+/−)
              </label>
              <label className={ui.checkboxLabel}>
                <input
                  type="radio"
                  name="stock-correction-mode"
                  checked={mode === 'balance'}
                  onChange={() => setMode('balance')}
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
                  onChange={(event) => setAmount(event.target.value)}
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
                  onChange={(event) => setNote(event.target.value)}
                />
              )}
            </Field>
            <div className={ui.row}>
              <Button type="button" size="s" disabled={!amountValid || state === 'running'} onClick={submit}>
                Записать корректировку
              </Button>
            </div>
            {state === 'failed' && error !== null && (
              <Notice tone="error" role="alert">
                {error}
              </Notice>
            )}
          </fieldset>
        ) : (
          <p className={ui.muted}>Остаток не ведётся: включите учёт остатка в карточке и сохраните товар.</p>
        )}
        {loadFailed ? (
          <ErrorPanel
            text="Не удалось загрузить движение остатков"
            onRetry={() => setReloads((n) => n + 1)}
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
                <Button size="s" variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Новее
                </Button>
                <span className={ui.muted}>
                  Страница {page} из {pages}
                </span>
                <Button size="s" variant="ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
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
