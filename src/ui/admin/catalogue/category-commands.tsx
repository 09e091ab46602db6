import { useState } from 'react';
import { isValidSlug, suggestSlug } from '../../../../shared-rules/slug-rule';
import type { AdminCommand } from '../../../application/machines/admin/admin-command.machine';
import type {
  AdminCategoriesPort,
  AdminCategory,
  CategoryRedirect,
} from '../../../application/ports/admin-categories.port';
import { Button } from '../../components/button';
import { Card, ConfirmDialog, EmptyPanel, Field, Notice } from '../admin-ui';
import * as ui from '../admin-ui.css';
import { useAdminCommand } from './use-admin-command';

type CommandArgs = NonNullable<AdminCommand['args']>;

function text(args: CommandArgs | undefined, key: string): string {
  const value = args?.[key];
  return typeof value === 'string' ? value : '';
}

function numberOrNull(args: CommandArgs | undefined, key: string): number | null {
  const value = args?.[key];
  return typeof value === 'number' ? value : null;
}

function required(args: CommandArgs | undefined, key: string): number {
  const value = numberOrNull(args, key);
  if (value === null) throw new Error(`category command without ${key}`);
  return value;
}

/** Commands of the category panel and the redirects panel, each one port call. */
function runCategoryCommand(port: AdminCategoriesPort, command: AdminCommand, signal: AbortSignal) {
  const { args } = command;
  switch (command.name) {
    case 'category.create': {
      const slug = text(args, 'slug');
      return port.createWithSlug(
        {
          name: text(args, 'name'),
          slug: slug === '' ? null : slug,
          parentId: numberOrNull(args, 'parentId'),
        },
        { signal },
      );
    }
    case 'category.edit':
      return port.edit(
        required(args, 'id'),
        { name: text(args, 'name'), slug: text(args, 'slug') },
        required(args, 'version'),
        { signal },
      );
    case 'category.delete':
      return port.remove(required(args, 'id'), { signal });
    case 'redirect.create':
      return port.addRedirect(text(args, 'fromPath'), text(args, 'toPath'), { signal });
    case 'redirect.delete':
      return port.removeRedirect(required(args, 'id'), { signal });
    default:
      throw new Error(`Unknown category command ${command.name}`);
  }
}

/** One admin-command machine for a panel; the route reloads after each success. */
function useCategoryCommands(
  port: AdminCategoriesPort,
  onChanged: () => void,
  onSucceeded: (command: AdminCommand) => void = () => undefined,
) {
  return useAdminCommand(
    (command, signal) => runCategoryCommand(port, command, signal),
    (command) => {
      onSucceeded(command);
      onChanged();
    },
  );
}

function slugHint(slug: string): string | null {
  return slug === '' || isValidSlug(slug) ? null : 'Только латинские буквы, цифры и дефисы между ними';
}

function ParentSelect({
  categories,
  value,
  exclude,
  onChange,
}: {
  categories: readonly AdminCategory[];
  value: number | null;
  exclude?: number;
  onChange: (parentId: number | null) => void;
}) {
  return (
    <Field label="Родительская категория">
      {(control) => (
        <select
          {...control}
          className={ui.control}
          value={value === null ? '' : String(value)}
          onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        >
          <option value="">— Верхний уровень —</option>
          {[...categories]
            .filter((category) => category.id !== exclude)
            .sort((a, b) => a.path.localeCompare(b.path))
            .map((category) => (
              <option key={category.id} value={category.id}>
                {`/${category.path} — ${category.name}`}
              </option>
            ))}
        </select>
      )}
    </Field>
  );
}

function NewCategoryForm({
  categories,
  port,
  onChanged,
}: {
  categories: readonly AdminCategory[];
  port: AdminCategoriesPort;
  onChanged: () => void;
}) {
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  // The slug follows the name until the manager types one of their own.
  const [slugTouched, setSlugTouched] = useState(false);
  const [parentId, setParentId] = useState<number | null>(null);
  const clear = () => {
    setName('');
    setSlug('');
    setSlugTouched(false);
  };
  const commands = useCategoryCommands(port, () => {
    clear();
    onChanged();
  });
  const running = commands.state === 'running';
  const slugError = slugHint(slug);
  return (
    <form
      className={ui.stack}
      aria-label="Новая категория"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() === '' || slugError !== null) return;
        commands.actor.send({
          type: 'command.requested',
          command: { name: 'category.create', args: { name: name.trim(), slug, parentId } },
        });
      }}
    >
      <Field label="Название">
        {(control) => (
          <input
            {...control}
            className={ui.control}
            value={name}
            maxLength={200}
            required
            onChange={(event) => {
              setName(event.target.value);
              if (!slugTouched) setSlug(suggestSlug(event.target.value));
            }}
          />
        )}
      </Field>
      <Field label="Адрес (slug)" hint="Предложен из названия; можно изменить" error={slugError}>
        {(control) => (
          <input
            {...control}
            className={ui.control}
            value={slug}
            maxLength={200}
            onChange={(event) => {
              setSlugTouched(true);
              setSlug(event.target.value);
            }}
          />
        )}
      </Field>
      <ParentSelect categories={categories} value={parentId} onChange={setParentId} />
      {commands.state === 'failed' && commands.error !== null && (
        <Notice tone="error" role="alert">
          {commands.error}
        </Notice>
      )}
      {commands.state === 'done' && (
        <Notice tone="success" role="status">
          Категория создана.
        </Notice>
      )}
      <div>
        <Button type="submit" disabled={running || name.trim() === '' || slugError !== null}>
          {running ? 'Создаётся…' : 'Создать категорию'}
        </Button>
      </div>
    </form>
  );
}

function EditCategoryForm({
  category,
  port,
  onChanged,
}: {
  category: AdminCategory;
  port: AdminCategoriesPort;
  onChanged: () => void;
}) {
  const [name, setName] = useState(category.name);
  const [slug, setSlug] = useState(category.slug);
  const commands = useCategoryCommands(port, onChanged);
  const running = commands.state === 'running';
  const slugError = slugHint(slug);
  const slugChanged = slug !== category.slug && slug !== '' && slugError === null;
  const parentPath = category.path.includes('/')
    ? category.path.slice(0, category.path.lastIndexOf('/'))
    : '';
  const newPath = parentPath === '' ? slug : `${parentPath}/${slug}`;
  const deleting = commands.pending?.name === 'category.delete';
  return (
    <form
      className={ui.stack}
      aria-label={`Изменить категорию «${category.name}»`}
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() === '' || slug === '' || slugError !== null) return;
        commands.actor.send({
          type: 'command.requested',
          command: {
            name: 'category.edit',
            args: { id: category.id, name: name.trim(), slug, version: category.version },
          },
        });
      }}
    >
      <Field label="Название">
        {(control) => (
          <input
            {...control}
            className={ui.control}
            value={name}
            maxLength={200}
            required
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <Field label="Адрес (slug)" error={slugError}>
        {(control) => (
          <input
            {...control}
            className={ui.control}
            value={slug}
            maxLength={200}
            required
            onChange={(event) => setSlug(event.target.value)}
          />
        )}
      </Field>
      {slugChanged && (
        <Notice tone="info" role="status">
          Старый адрес <code>/category/{category.path}</code> будет переадресован (301) на{' '}
          <code>/category/{newPath}</code>, вместе с адресами подкатегорий.
        </Notice>
      )}
      {commands.state === 'failed' && commands.error !== null && (
        <Notice tone="error" role="alert">
          {commands.error}
        </Notice>
      )}
      {commands.state === 'done' && commands.pending?.name === 'category.edit' && (
        <Notice tone="success" role="status">
          Категория сохранена.
        </Notice>
      )}
      <div className={ui.dialogActions}>
        <Button
          type="button"
          variant="secondary"
          disabled={running}
          onClick={() =>
            commands.actor.send({
              type: 'command.requested',
              command: { name: 'category.delete', args: { id: category.id }, confirm: true },
            })
          }
        >
          Удалить категорию
        </Button>
        <Button
          type="submit"
          disabled={
            running ||
            name.trim() === '' ||
            slug === '' ||
            slugError !== null ||
            (name.trim() === category.name && slug === category.slug)
          }
        >
          {running && !deleting ? 'Сохраняется…' : 'Сохранить'}
        </Button>
      </div>
      {commands.state === 'confirming' && deleting && (
        <ConfirmDialog
          title="Удалить категорию?"
          confirmLabel="Удалить"
          destructive
          onConfirm={() => commands.actor.send({ type: 'command.confirmed' })}
          onCancel={() => commands.actor.send({ type: 'command.cancelled' })}
        >
          <p>
            «{category.name}» (<code>/category/{category.path}</code>) будет удалена. Категорию с товарами или
            подкатегориями удалить нельзя: сначала перенесите их.
          </p>
        </ConfirmDialog>
      )}
    </form>
  );
}

/**
 * Creating, renaming (name and slug) and deleting categories, under the tree: each action is an
 * admin-command run, the failure stays on screen with what was typed, the route reloads on success.
 */
export function CategoryCommandsPanel({
  categories,
  port,
  onChanged,
}: {
  categories: readonly AdminCategory[];
  port: AdminCategoriesPort;
  onChanged: () => void;
}) {
  const [editedId, setEditedId] = useState<number | null>(null);
  const edited = categories.find((category) => category.id === editedId);
  return (
    <>
      <Card title="Новая категория">
        <NewCategoryForm categories={categories} port={port} onChanged={onChanged} />
      </Card>
      <Card title="Изменить или удалить категорию">
        <div className={ui.stack}>
          <Field label="Категория">
            {(control) => (
              <select
                {...control}
                className={ui.control}
                value={editedId === null ? '' : String(editedId)}
                onChange={(event) =>
                  setEditedId(event.target.value === '' ? null : Number(event.target.value))
                }
              >
                <option value="">— Выберите категорию —</option>
                {[...categories]
                  .sort((a, b) => a.path.localeCompare(b.path))
                  .map((category) => (
                    <option key={category.id} value={category.id}>
                      {`/${category.path} — ${category.name}`}
                    </option>
                  ))}
              </select>
            )}
          </Field>
          {edited && (
            <EditCategoryForm
              key={`${edited.id}:${edited.version}`}
              category={edited}
              port={port}
              onChanged={onChanged}
            />
          )}
        </div>
      </Card>
    </>
  );
}

/** The 301 list: automatic and hand-made redirects, add one by hand, delete one (asks first). */
export function RedirectsPanel({
  redirects,
  port,
  onChanged,
}: {
  redirects: readonly CategoryRedirect[];
  port: AdminCategoriesPort;
  onChanged: () => void;
}) {
  const [fromPath, setFromPath] = useState('');
  const [toPath, setToPath] = useState('');
  const commands = useCategoryCommands(port, onChanged, (command) => {
    // The typed paths go only once the redirect is stored; a refusal keeps them for correction.
    if (command.name === 'redirect.create') {
      setFromPath('');
      setToPath('');
    }
  });
  const running = commands.state === 'running';
  const pathError = (path: string) =>
    path === '' || path.startsWith('/') ? null : 'Адрес на сайте начинается с «/», например /category/mebel';
  const pendingRedirect =
    commands.pending?.name === 'redirect.delete'
      ? redirects.find((redirect) => redirect.id === commands.pending?.args?.id)
      : undefined;
  return (
    <Card title="Переадресации">
      <div className={ui.stack}>
        <form
          className={ui.stack}
          aria-label="Новая переадресация"
          onSubmit={(event) => {
            event.preventDefault();
            if (fromPath === '' || toPath === '' || pathError(fromPath) || pathError(toPath)) return;
            commands.actor.send({
              type: 'command.requested',
              command: {
                name: 'redirect.create',
                args: { fromPath: fromPath.trim(), toPath: toPath.trim() },
              },
            });
          }}
        >
          <Field label="Старый адрес" error={pathError(fromPath)}>
            {(control) => (
              <input
                {...control}
                className={ui.control}
                value={fromPath}
                placeholder="/category/staryy-adres"
                onChange={(event) => setFromPath(event.target.value)}
              />
            )}
          </Field>
          <Field label="Новый адрес" error={pathError(toPath)}>
            {(control) => (
              <input
                {...control}
                className={ui.control}
                value={toPath}
                placeholder="/category/novyy-adres"
                onChange={(event) => setToPath(event.target.value)}
              />
            )}
          </Field>
          <div>
            <Button
              type="submit"
              disabled={
                running ||
                fromPath === '' ||
                toPath === '' ||
                Boolean(pathError(fromPath) ?? pathError(toPath))
              }
            >
              Добавить переадресацию
            </Button>
          </div>
        </form>
        {commands.state === 'failed' && commands.error !== null && (
          <Notice tone="error" role="alert">
            {commands.error}
          </Notice>
        )}
        {redirects.length === 0 ? (
          <EmptyPanel
            title="Переадресаций нет"
            text="Они появляются сами, когда меняется адрес категории или товара, или добавляются здесь."
          />
        ) : (
          <div className={ui.tableWrap}>
            <table className={ui.table}>
              <caption className={ui.muted}>Старый адрес отвечает 301 и ведёт на новый</caption>
              <thead>
                <tr>
                  <th className={ui.th} scope="col">
                    Старый адрес
                  </th>
                  <th className={ui.th} scope="col">
                    Новый адрес
                  </th>
                  <th className={`${ui.th} ${ui.hideOnMobile}`} scope="col">
                    Когда
                  </th>
                  <th className={ui.th} scope="col">
                    <span className={ui.muted}>Действия</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {redirects.map((redirect) => (
                  <tr key={redirect.id} className={ui.tr}>
                    <td className={ui.td}>
                      <code>{redirect.fromPath}</code>
                    </td>
                    <td className={ui.td}>
                      <a className={ui.link} href={redirect.toPath} target="_blank" rel="noreferrer">
                        {redirect.toPath}
                      </a>
                    </td>
                    <td className={`${ui.td} ${ui.hideOnMobile} ${ui.nowrap}`}>
                      {new Date(redirect.createdAt).toLocaleString('ru-RU')}
                    </td>
                    <td className={ui.td}>
                      <Button
                        size="s"
                        variant="secondary"
                        disabled={running}
                        aria-label={`Удалить переадресацию ${redirect.fromPath}`}
                        onClick={() =>
                          commands.actor.send({
                            type: 'command.requested',
                            command: { name: 'redirect.delete', args: { id: redirect.id }, confirm: true },
                          })
                        }
                      >
                        Удалить
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {commands.state === 'confirming' && commands.pending?.name === 'redirect.delete' && (
        <ConfirmDialog
          title="Удалить переадресацию?"
          confirmLabel="Удалить"
          destructive
          onConfirm={() => commands.actor.send({ type: 'command.confirmed' })}
          onCancel={() => commands.actor.send({ type: 'command.cancelled' })}
        >
          <p>
            Адрес <code>{pendingRedirect?.fromPath ?? ''}</code> перестанет вести на{' '}
            <code>{pendingRedirect?.toPath ?? ''}</code> и будет отвечать «не найдено».
          </p>
        </ConfirmDialog>
      )}
    </Card>
  );
}
