import { useState } from 'react';
import { isValidSlug, suggestSlug } from '../../../../shared-rules/slug-rule';
import { redirectsMachine } from '../../../application/admin/categories/redirects.machine';
import type { AdminCategory, CategoryRedirect } from '../../../application/ports/admin-categories.port';
import { Button } from '../../components/button';
import { formatDateTime } from '../admin-format';
import { Card, ConfirmDialog, EmptyPanel, Field, Notice } from '../admin-ui';
import * as ui from '../admin-ui.css';
import { type ListCommands, useListChanged, useListCommands } from './use-list-commands';

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
  commands,
}: {
  categories: readonly AdminCategory[];
  commands: ListCommands<AdminCategory>;
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
  useListChanged(commands.actor, ({ command }) => {
    if (command.name === 'category.create') clear();
  });
  const running = commands.busy;
  const mine = commands.pending?.name === 'category.create';
  const slugError = slugHint(slug);
  return (
    <form
      className={ui.stack}
      aria-label="Новая категория"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() === '' || slugError !== null) return;
        commands.request({ name: 'category.create', args: { name: name.trim(), slug, parentId } });
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
      {mine && commands.state === 'failed' && commands.error !== null && (
        <Notice tone="error" role="alert">
          {commands.error}
        </Notice>
      )}
      {mine && commands.state === 'done' && (
        <Notice tone="success" role="status">
          Категория создана.
        </Notice>
      )}
      <div>
        <Button type="submit" disabled={running || name.trim() === '' || slugError !== null}>
          {running && mine ? 'Создаётся…' : 'Создать категорию'}
        </Button>
      </div>
    </form>
  );
}

function EditCategoryForm({
  category,
  commands,
}: {
  category: AdminCategory;
  commands: ListCommands<AdminCategory>;
}) {
  const [name, setName] = useState(category.name);
  const [slug, setSlug] = useState(category.slug);
  const running = commands.busy;
  const mine =
    (commands.pending?.name === 'category.edit' || commands.pending?.name === 'category.delete') &&
    commands.pending.args?.id === category.id;
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
        commands.request({
          name: 'category.edit',
          args: { id: category.id, name: name.trim(), slug, version: category.version },
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
      {mine && commands.state === 'failed' && commands.error !== null && (
        <Notice tone="error" role="alert">
          {commands.error}
        </Notice>
      )}
      {mine && commands.state === 'done' && commands.pending?.name === 'category.edit' && (
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
            commands.request({ name: 'category.delete', args: { id: category.id }, confirm: true })
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
          {running && mine && !deleting ? 'Сохраняется…' : 'Сохранить'}
        </Button>
      </div>
      {mine && commands.state === 'confirming' && deleting && (
        <ConfirmDialog
          title="Удалить категорию?"
          confirmLabel="Удалить"
          destructive
          onConfirm={() => commands.actor.send({ type: 'list.confirmed' })}
          onCancel={() => commands.actor.send({ type: 'list.cancelled' })}
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
 * Creating, renaming (name and slug) and deleting categories, under the tree: each action is a command
 * of the tab's category machine, the failure stays on screen with what was typed, and the answer is
 * the tree the tab shows.
 */
export function CategoryCommandsPanel({ commands }: { commands: ListCommands<AdminCategory> }) {
  const categories = commands.items;
  const [editedId, setEditedId] = useState<number | null>(null);
  const edited = categories.find((category) => category.id === editedId);
  return (
    <>
      <Card title="Новая категория">
        <NewCategoryForm categories={categories} commands={commands} />
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
            <EditCategoryForm key={`${edited.id}:${edited.version}`} category={edited} commands={commands} />
          )}
        </div>
      </Card>
    </>
  );
}

/** The 301 list: automatic and hand-made redirects, add one by hand, delete one (asks first). */
export function RedirectsPanel({ redirects: stored }: { redirects: readonly CategoryRedirect[] }) {
  const [fromPath, setFromPath] = useState('');
  const [toPath, setToPath] = useState('');
  const commands = useListCommands(redirectsMachine, stored, ({ command }) => {
    // The typed paths go only once the redirect is stored; a refusal keeps them for correction.
    if (command.name === 'redirect.create') {
      setFromPath('');
      setToPath('');
    }
  });
  const redirects = commands.items;
  const running = commands.busy;
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
            commands.request({
              name: 'redirect.create',
              args: { fromPath: fromPath.trim(), toPath: toPath.trim() },
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
                      {formatDateTime(redirect.createdAt)}
                    </td>
                    <td className={ui.td}>
                      <Button
                        size="s"
                        variant="secondary"
                        disabled={running}
                        aria-label={`Удалить переадресацию ${redirect.fromPath}`}
                        onClick={() =>
                          commands.request({
                            name: 'redirect.delete',
                            args: { id: redirect.id },
                            confirm: true,
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
          onConfirm={() => commands.actor.send({ type: 'list.confirmed' })}
          onCancel={() => commands.actor.send({ type: 'list.cancelled' })}
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
