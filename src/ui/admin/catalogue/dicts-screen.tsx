import { useNavigate, useRouter } from '@tanstack/react-router';
import { Download, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { AdminCommand } from '../../../application/machines/admin/admin-command.machine';
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
import { useAdminCommand } from './use-admin-command';

type CommandArgs = NonNullable<AdminCommand['args']>;

function argText(args: CommandArgs | undefined, key: string): string {
  const value = args?.[key];
  return typeof value === 'string' ? value : '';
}

/** Each command of the screen is one port call, made inside the admin-command machine. */
async function runDictCommand(
  dicts: AdminDictsPort,
  name: DictionaryName,
  command: AdminCommand,
  signal: AbortSignal,
): Promise<unknown> {
  const { args } = command;
  switch (command.name) {
    case 'dicts.refresh': {
      const counts = await dicts.refresh({ signal });
      return Object.values(counts).reduce((sum, count) => sum + count, 0);
    }
    case 'dicts.export':
      return dicts.exportUrl(null);
    case 'dicts.add':
      return dicts.add(name, argText(args, 'value'), { signal });
    case 'dicts.rename':
      return dicts.update(name, argText(args, 'key'), { value: argText(args, 'value') }, { signal });
    case 'dicts.setActive':
      return dicts.update(name, argText(args, 'key'), { active: args?.active === true }, { signal });
    default:
      throw new Error(`Unknown dictionary command ${command.name}`);
  }
}

/** What the notice says after a command worked. */
function successText(command: AdminCommand, output: unknown): string {
  const { args } = command;
  switch (command.name) {
    case 'dicts.refresh':
      return `Справочники обновлены из товаров: ${typeof output === 'number' ? output : 0} значений.`;
    case 'dicts.add':
      return `Добавлено: «${argText(args, 'value')}».`;
    case 'dicts.rename':
      return `Переименовано: «${argText(args, 'from')}» → «${argText(args, 'value')}».`;
    case 'dicts.setActive':
      return args?.active === true
        ? `«${argText(args, 'label')}» снова в списке.`
        : `«${argText(args, 'label')}» скрыто из списка.`;
    default:
      return 'Готово.';
  }
}

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
  const [value, setValue] = useState('');
  const title = DICTIONARIES.find((dictionary) => dictionary.name === name)?.title ?? '';
  const commands = useAdminCommand(
    (command, signal) => runDictCommand(dicts, name, command, signal),
    (command, output) => {
      if (command.name === 'dicts.export') {
        if (typeof output === 'string') window.location.assign(output);
        return;
      }
      // What was typed is cleared only once it is stored; a failure keeps it for another try.
      if (command.name === 'dicts.add') setValue('');
      void router.invalidate();
    },
  );
  const busy = commands.running;
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
              onClick={() => commands.request({ name: 'dicts.refresh' })}
            >
              <RefreshCw width={16} height={16} aria-hidden="true" /> Обновить из товаров
            </Button>
            <Button
              variant="secondary"
              size="s"
              disabled={busy}
              onClick={() => commands.request({ name: 'dicts.export' })}
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
      <Card title={`${title}: ${entries.length}`}>
        <form
          className={styles.toolbar}
          onSubmit={(event) => {
            event.preventDefault();
            const text = value.trim();
            if (text === '') return;
            commands.request({ name: 'dicts.add', args: { value: text } });
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
                            commands.request({
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
                        onChange={(event) => {
                          const active = event.target.checked;
                          commands.request({
                            name: 'dicts.setActive',
                            args: { key: entry.key, active, label: entry.value },
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
