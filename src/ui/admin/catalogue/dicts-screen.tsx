import { useNavigate, useRouter } from '@tanstack/react-router';
import { Download, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import {
  type AdminDictsPort,
  DICTIONARIES,
  type DictionaryEntry,
  type DictionaryName,
} from '../../../application/ports/admin-dicts.port';
import { Button } from '../../components/button';
import { Card, EmptyPanel, Notice } from '../admin-ui';
import * as ui from '../admin-ui.css';
import { PageHeader } from '../page-header';
import * as styles from './catalogue.css';

/** One command of the dictionaries screen and how it went. */
type Outcome = { readonly tone: 'success' | 'error'; readonly text: string } | null;

/**
 * /admin/dicts: the reference lists the product form picks from. Values can be renamed, switched
 * off or added; «Обновить из товаров» re-derives every list; export writes CSV.
 */
export function DictsScreen({
  name,
  entries,
  dicts,
}: {
  name: DictionaryName;
  entries: readonly DictionaryEntry[];
  dicts: AdminDictsPort;
}) {
  const navigate = useNavigate();
  const router = useRouter();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const [value, setValue] = useState('');
  const title = DICTIONARIES.find((dictionary) => dictionary.name === name)?.title ?? '';

  // Each command is one call; the list reloads through the route afterwards.
  const run = (work: () => Promise<string>) => {
    setBusy(true);
    work().then(
      (text) => {
        setOutcome({ tone: 'success', text });
        setBusy(false);
        void router.invalidate();
      },
      () => {
        setOutcome({
          tone: 'error',
          text: 'Не удалось выполнить. Проверьте соединение и попробуйте ещё раз.',
        });
        setBusy(false);
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Справочники"
        subtitle="Значения, из которых выбирают в карточке товара"
        actions={
          <>
            <Button
              variant="secondary"
              size="s"
              disabled={busy}
              onClick={() =>
                run(async () => {
                  const counts = await dicts.refresh();
                  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
                  return `Справочники обновлены из товаров: ${total} значений.`;
                })
              }
            >
              <RefreshCw width={16} height={16} aria-hidden="true" /> Обновить из товаров
            </Button>
            <Button
              variant="secondary"
              size="s"
              onClick={() => void dicts.exportUrl(null).then((url) => window.location.assign(url))}
            >
              <Download width={16} height={16} aria-hidden="true" /> Экспорт CSV
            </Button>
          </>
        }
      />
      <nav className={styles.tabs} aria-label="Справочник">
        {DICTIONARIES.map((dictionary) => (
          <Button
            key={dictionary.name}
            size="s"
            variant={dictionary.name === name ? 'primary' : 'secondary'}
            aria-pressed={dictionary.name === name}
            onClick={() => void navigate({ to: '/admin/dicts', search: { name: dictionary.name } })}
          >
            {dictionary.title}
          </Button>
        ))}
      </nav>
      {outcome && (
        <Notice tone={outcome.tone} role={outcome.tone === 'error' ? 'alert' : 'status'}>
          {outcome.text}
        </Notice>
      )}
      <Card title={`${title}: ${entries.length}`}>
        <form
          className={styles.toolbar}
          onSubmit={(event) => {
            event.preventDefault();
            const text = value.trim();
            if (text === '') return;
            run(async () => {
              await dicts.add(name, text);
              setValue('');
              return `Добавлено: «${text}».`;
            });
          }}
        >
          <label className={ui.fieldLabel} htmlFor="dict-new">
            Новое значение
          </label>
          <input
            id="dict-new"
            className={ui.control}
            value={value}
            maxLength={200}
            onChange={(event) => setValue(event.target.value)}
          />
          <Button type="submit" size="s" disabled={busy || value.trim() === ''}>
            Добавить
          </Button>
        </form>
        {entries.length === 0 ? (
          <EmptyPanel
            title="Список пуст"
            text="Нажмите «Обновить из товаров», чтобы собрать значения из каталога."
          />
        ) : (
          <div className={ui.tableWrap}>
            <table className={ui.table}>
              <caption className={ui.muted}>Значения справочника «{title}»</caption>
              <thead>
                <tr>
                  <th className={ui.th} scope="col">
                    Значение
                  </th>
                  <th className={`${ui.th} ${ui.numeric}`} scope="col">
                    Товаров
                  </th>
                  <th className={ui.th} scope="col">
                    В списке выбора
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.key} className={ui.tr}>
                    <td className={ui.td}>
                      <input
                        className={styles.gridInput}
                        aria-label={`Значение «${entry.value}»`}
                        defaultValue={entry.value}
                        maxLength={200}
                        onBlur={(event) => {
                          const text = event.target.value.trim();
                          if (text !== '' && text !== entry.value) {
                            run(async () => {
                              await dicts.update(name, entry.key, { value: text });
                              return `Переименовано: «${entry.value}» → «${text}».`;
                            });
                          }
                        }}
                      />
                    </td>
                    <td className={`${ui.td} ${ui.numeric}`}>{entry.productCount}</td>
                    <td className={ui.td}>
                      <input
                        type="checkbox"
                        className={ui.checkbox}
                        aria-label={`«${entry.value}» в списке выбора`}
                        checked={entry.active}
                        disabled={busy}
                        onChange={(event) => {
                          const active = event.target.checked;
                          run(async () => {
                            await dicts.update(name, entry.key, { active });
                            return active
                              ? `«${entry.value}» снова в списке.`
                              : `«${entry.value}» скрыто из списка.`;
                          });
                        }}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </>
  );
}
