import { useActorRef, useSelector } from '@xstate/react';
import { FileSpreadsheet } from 'lucide-react';
import { useEffect } from 'react';
import { productImportFlow } from '../../../application/admin/products/product-import.machine';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { useUseCase } from '../../shell/shop-context';
import { visuallyHidden } from '../../theme/utilities.css';
import { Notice } from '../admin-ui';
import * as ui from '../admin-ui.css';
import * as styles from './catalogue.css';

const ACTION_LABELS = {
  create: 'будет создан',
  update: 'будет обновлён',
  unchanged: 'без изменений',
  error: 'ошибка',
} as const;

/** Import: choose a CSV/XLSX file → dry run with row errors → «N создано, M обновлено» → confirm. */
export function ProductImportDialog({
  onClose,
  onImported,
}: {
  onClose: () => void;
  onImported: () => void;
}) {
  const flow = useActorRef(useUseCase(productImportFlow));
  useEffect(() => {
    const subscription = flow.on('import.catalogueChanged', onImported);
    return () => subscription.unsubscribe();
  }, [flow, onImported]);
  const state = useSelector(flow, (snapshot) => snapshot.value);
  const context = useSelector(flow, (snapshot) => snapshot.context);
  const busy = useSelector(flow, (snapshot) => snapshot.hasTag('busy'));
  const canConfirm = useSelector(flow, (snapshot) => snapshot.can({ type: 'import.confirmed' }));
  const report = context.report;

  return (
    <Modal title="Импорт товаров" onClose={onClose} closeDisabled={busy} name="product-import">
      <div className={ui.stack}>
        <p className={ui.muted}>
          CSV (UTF-8, разделитель «,» или «;») или XLSX с колонками как в экспорте. Товары сопоставляются по
          артикулу; новый артикул создаёт товар. Сначала файл проверяется — ничего не записывается до
          подтверждения.
        </p>
        {(state === 'idle' || state === 'previewed' || state === 'failed') && (
          <label className={styles.dropZone}>
            <FileSpreadsheet width={28} height={28} aria-hidden="true" />
            <span>
              {context.fileName ? `Файл: ${context.fileName}. ` : ''}
              <u>{context.fileName ? 'Выбрать другой файл' : 'Выбрать файл CSV или XLSX'}</u>
            </span>
            <input
              type="file"
              className={visuallyHidden}
              aria-label="Файл для импорта"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) flow.send({ type: 'import.fileChosen', file });
                event.target.value = '';
              }}
            />
          </label>
        )}
        {state === 'uploading' && <Notice tone="info">Проверяем «{context.fileName}»…</Notice>}
        {state === 'confirming' && <Notice tone="info">Записываем товары…</Notice>}
        {context.error && (
          <Notice tone="error" role="alert">
            {context.error}
          </Notice>
        )}
        {report && (
          <>
            <Notice
              tone={state === 'done' ? 'success' : report.errors > 0 ? 'warning' : 'info'}
              role="status"
            >
              {state === 'done' ? `Готово: ${report.summary}` : `Проверка: ${report.summary}`}
            </Notice>
            {report.rows.some((row) => row.action === 'error') && (
              <div className={ui.tableWrap}>
                <table className={ui.table}>
                  <caption className={ui.muted}>Строки с ошибками пропускаются</caption>
                  <thead>
                    <tr>
                      <th className={ui.th} scope="col">
                        Строка
                      </th>
                      <th className={ui.th} scope="col">
                        Артикул
                      </th>
                      <th className={ui.th} scope="col">
                        Результат
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.rows.slice(0, 200).map((row) => (
                      <tr key={row.row} className={ui.tr}>
                        <td className={`${ui.td} ${ui.numeric}`}>{row.row}</td>
                        <td className={ui.td}>{row.sku || '—'}</td>
                        <td className={`${ui.td} ${row.action === 'error' ? ui.danger : ''}`}>
                          {row.action === 'error' ? row.errors.join('; ') : ACTION_LABELS[row.action]}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
        <div className={ui.dialogActions}>
          {state === 'previewed' && (
            <Button variant="secondary" onClick={() => flow.send({ type: 'import.cancelled' })}>
              Выбрать другой файл
            </Button>
          )}
          {state === 'previewed' && (
            <Button onClick={() => flow.send({ type: 'import.confirmed' })} disabled={!canConfirm}>
              Импортировать
            </Button>
          )}
          <Button variant={state === 'done' ? 'primary' : 'secondary'} onClick={onClose} disabled={busy}>
            {state === 'done' ? 'Готово' : 'Закрыть'}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
