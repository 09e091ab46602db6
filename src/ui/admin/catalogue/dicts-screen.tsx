import { useNavigate } from '@tanstack/react-router';
import { Download, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { dictionaryMachine } from '../../../application/admin/dicts/dictionary.machine';
import type { ListCommand } from '../../../application/admin/shared/list-commands.machine';
import {
  DICTIONARIES,
  type DictionaryEntry,
  type DictionaryName,
} from '../../../application/ports/admin-dicts.port';
import { Button } from '../../components/button';
import { Card, EmptyPanel, Notice } from '../admin-ui';
import * as ui from '../admin-ui.css';
import { PageHeader } from '../page-header';
import * as styles from './catalogue.css';
import { useListCommands } from './use-list-commands';

function argText(command: ListCommand, key: string): string {
  const value = command.args?.[key];
  return typeof value === 'string' ? value : '';
}

/** What the notice says after a command worked. */
function successText(command: ListCommand, output: unknown): string {
  switch (command.name) {
    case 'dicts.refresh':
      return `Справочники обновлены из товаров: ${typeof output === 'number' ? output : 0} значений.`;
    case 'dicts.add':
      return `Добавлено: «${argText(command, 'value')}».`;
    case 'dicts.rename':
      return `Переименовано: «${argText(command, 'from')}» → «${argText(command, 'value')}».`;
    case 'dicts.setActive':
      return command.args?.active === true
        ? `«${argText(command, 'label')}» снова в списке.`
        : `«${argText(command, 'label')}» скрыто из списка.`;
    default:
      return 'Готово.';
  }
}

/**
 * /admin/dicts: the reference lists the product form picks from. Values can be renamed, switched
 * off or added (each answer takes its place in the list); «Обновить из товаров» re-derives every list;
 * export writes CSV. The lists are filled from the products when the shop starts.
 */
export function DictsScreen({
  name,
  entries,
}: {
  name: DictionaryName;
  entries: readonly DictionaryEntry[];
}) {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const title = DICTIONARIES.find((dictionary) => dictionary.name === name)?.title ?? '';
  const commands = useListCommands(dictionaryMachine, entries, ({ command, output }) => {
    if (command.name === 'dicts.export' && typeof output === 'string') window.location.assign(output);
    // What was typed is cleared only once it is stored; a failure keeps it for another try.
    if (command.name === 'dicts.add') setValue('');
  });
  const request = (command: ListCommand) =>
    commands.request({ ...command, args: { ...command.args, dictionary: name } });
  const { busy, items } = commands;
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
              onClick={() => request({ name: 'dicts.refresh' })}
            >
              <RefreshCw width={16} height={16} aria-hidden="true" /> Обновить из товаров
            </Button>
            <Button
              variant="secondary"
              size="s"
              disabled={busy}
              onClick={() => request({ name: 'dicts.export' })}
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
      {commands.state === 'failed' && commands.error !== null && (
        <Notice tone="error" role="alert">
          {commands.error}
        </Notice>
      )}
      {commands.state === 'done' && commands.pending !== null && commands.pending.name !== 'dicts.export' && (
        <Notice tone="success" role="status">
          {successText(commands.pending, commands.output)}
        </Notice>
      )}
      <Card title={`${title}: ${items.length}`}>
        <form
          className={styles.toolbar}
          onSubmit={(event) => {
            event.preventDefault();
            const text = value.trim();
            if (text === '') return;
            request({ name: 'dicts.add', args: { value: text } });
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
        {items.length === 0 ? (
          <EmptyPanel
            title="Список пуст"
            text="Значения появятся, когда они будут у товаров, или добавьте их здесь."
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
                {items.map((entry) => (
                  <tr key={entry.key} className={ui.tr}>
                    <td className={ui.td}>
                      <input
                        // A stored rename shows the stored spelling (the server may trim it).
                        key={entry.value}
                        className={styles.gridInput}
                        aria-label={`Значение «${entry.value}»`}
                        defaultValue={entry.value}
                        maxLength={200}
                        onBlur={(event) => {
                          const text = event.target.value.trim();
                          if (text !== '' && text !== entry.value) {
                            request({
                              name: 'dicts.rename',
                              args: { key: entry.key, value: text, from: entry.value },
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
                        onChange={(event) =>
                          request({
                            name: 'dicts.setActive',
                            args: { key: entry.key, active: event.target.checked, label: entry.value },
                          })
                        }
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
