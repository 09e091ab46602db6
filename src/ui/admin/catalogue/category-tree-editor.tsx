import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useSelector } from '@xstate/react';
import { ArrowRightLeft, GripVertical, Link2 } from 'lucide-react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { categoryTreeEditorMachine } from '../../../application/admin/categories/category-tree-editor.machine';
import { isMoveAllowed, subtreeIds } from '../../../application/machines/admin/category-tree.machine';
import type { AdminCategory } from '../../../application/ports/admin-categories.port';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { visuallyHidden } from '../../theme/utilities.css';
import { Card, Notice, StatusBadge } from '../admin-ui';
import * as ui from '../admin-ui.css';
import * as styles from './catalogue.css';
import { type ListCommands, useListChanged } from './use-list-commands';

/** The tree's machine, started by the categories tab (src/application/admin/categories). */
export type CategoryTreeActor = ActorRefFrom<ReturnType<(typeof categoryTreeEditorMachine)['create']>>;

interface FlatRow {
  readonly category: AdminCategory;
  readonly depth: number;
}

/** The tree in display order with each category's depth. */
function flattenTree(categories: readonly AdminCategory[]): FlatRow[] {
  const children = new Map<number | null, AdminCategory[]>();
  for (const category of categories) {
    const list = children.get(category.parentId) ?? [];
    list.push(category);
    children.set(category.parentId, list);
  }
  const rows: FlatRow[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const category of [...(children.get(parent) ?? [])].sort((a, b) => a.sortOrder - b.sortOrder)) {
      rows.push({ category, depth });
      walk(category.id, depth + 1);
    }
  };
  walk(null, 0);
  return rows;
}

function TreeRow({
  row,
  busy,
  onToggle,
  onMoveTo,
  onDetails,
}: {
  row: FlatRow;
  busy: boolean;
  onToggle: () => void;
  onMoveTo: () => void;
  onDetails: () => void;
}) {
  const { category, depth } = row;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging, isOver } = useSortable({
    id: category.id,
  });
  return (
    <li
      ref={setNodeRef}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        marginLeft: `calc(${depth} * var(--tree-indent))`,
      }}
      className={[
        styles.treeRow,
        category.active ? '' : styles.treeRowInactive,
        isDragging ? styles.treeRowDragging : '',
        isOver && !isDragging ? styles.treeRowOver : '',
      ].join(' ')}
      data-category-id={category.id}
    >
      <button
        type="button"
        className={styles.treeHandle}
        aria-label={`Перетащить «${category.name}»`}
        {...attributes}
        {...listeners}
      >
        <GripVertical width={18} height={18} aria-hidden="true" />
      </button>
      <span className={styles.treeName}>
        {category.name}
        <br />
        <span className={styles.treePath}>/category/{category.path}</span>
      </span>
      <span className={`${ui.muted} ${ui.hideOnMobile}`}>{category.productCount} тов.</span>
      {!category.active && <StatusBadge tone="muted">выключена</StatusBadge>}
      <label className={ui.checkboxLabel}>
        <input
          type="checkbox"
          className={ui.checkbox}
          checked={category.active}
          disabled={busy}
          onChange={onToggle}
          aria-label={`Категория «${category.name}» включена`}
        />
        <span className={ui.hideOnMobile}>вкл.</span>
      </label>
      <Button
        variant="secondary"
        size="s"
        onClick={onDetails}
        disabled={busy}
        aria-label={`Связи${category.refs.length > 0 ? ` (${category.refs.length})` : ''} и картинка «${category.name}»`}
      >
        <Link2 width={14} height={14} aria-hidden="true" />
        <span className={ui.hideOnMobile}>
          Связи{category.refs.length > 0 ? ` (${category.refs.length})` : ''}
        </span>
      </Button>
      <Button
        variant="secondary"
        size="s"
        onClick={onMoveTo}
        disabled={busy}
        aria-label={`Переместить «${category.name}» в…`}
      >
        <ArrowRightLeft width={14} height={14} aria-hidden="true" />
        <span className={ui.hideOnMobile}>Переместить</span>
      </Button>
    </li>
  );
}

function MoveDialog({
  category,
  categories,
  onMove,
  onClose,
}: {
  category: AdminCategory;
  categories: readonly AdminCategory[];
  onMove: (parentId: number | null) => void;
  onClose: () => void;
}) {
  const blocked = subtreeIds(categories, category.id);
  const [parent, setParent] = useState<string>(category.parentId === null ? '' : String(category.parentId));
  return (
    <Modal title={`Переместить «${category.name}»`} onClose={onClose} name="category-move">
      <div className={ui.stack}>
        <div className={ui.field}>
          <label className={ui.fieldLabel} htmlFor="move-parent">
            Новая родительская категория
          </label>
          <select
            id="move-parent"
            className={ui.control}
            value={parent}
            onChange={(event) => setParent(event.target.value)}
          >
            <option value="">— Верхний уровень —</option>
            {flattenTree(categories)
              .filter((row) => !blocked.has(row.category.id))
              .map((row) => (
                <option key={row.category.id} value={row.category.id}>
                  {`${'— '.repeat(row.depth)}${row.category.name}`}
                </option>
              ))}
          </select>
        </div>
        <p className={ui.muted}>
          Категория станет последней среди новых соседей. Старые адреса её и всех подкатегорий будут
          переадресовывать (301) на новые.
        </p>
        <div className={ui.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            Отмена
          </Button>
          <Button onClick={() => onMove(parent === '' ? null : Number(parent))}>Переместить</Button>
        </div>
      </div>
    </Modal>
  );
}

/** The commands this dialog sends: only their failures are its to show. */
const DIALOG_COMMANDS = new Set([
  'category.uploadImage',
  'category.deleteImage',
  'category.link',
  'category.unlink',
]);

/**
 * A category's picture and cross-links («Смотрите также» on its page). Each change is stored at
 * once, and its answer is the tree the tab shows.
 */
function CategoryDetailsDialog({
  category,
  categories,
  changes,
  onClose,
}: {
  category: AdminCategory;
  categories: readonly AdminCategory[];
  changes: ListCommands<AdminCategory>;
  onClose: () => void;
}) {
  const [target, setTarget] = useState('');
  const linked = categories.filter((item) => category.refs.includes(item.id));
  const candidates = flattenTree(categories).filter(
    (row) => row.category.id !== category.id && !category.refs.includes(row.category.id),
  );
  useListChanged(changes.actor, ({ command }) => {
    if (command.name === 'category.link') setTarget('');
  });
  const commands = {
    ...changes,
    request: (command: { name: string; args?: Record<string, number>; file?: File }) =>
      changes.request({ ...command, args: { ...command.args, id: category.id } }),
  };
  const busy = commands.busy;
  const mine = DIALOG_COMMANDS.has(commands.pending?.name ?? '');
  const error =
    mine && commands.state === 'failed' && commands.error !== null
      ? `${commands.error}${commands.pending?.name === 'category.uploadImage' ? ' Для картинки нужен JPEG, PNG или WEBP до 10 МБ.' : ''}`
      : null;
  return (
    <Modal
      title={`«${category.name}»: картинка и связи`}
      onClose={onClose}
      closeDisabled={busy}
      name="category-details"
    >
      <div className={ui.stack}>
        {error && (
          <Notice tone="error" role="alert">
            {error}
          </Notice>
        )}
        <div className={ui.stackSmall}>
          <strong>Картинка</strong>
          {category.imageUrl ? (
            <img src={category.imageUrl} alt="" className={styles.thumb} width={96} height={96} />
          ) : (
            <span className={ui.muted}>Картинки нет.</span>
          )}
          <div className={styles.toolbar}>
            <label className={ui.link}>
              {category.imageUrl ? 'Заменить картинку' : 'Загрузить картинку'}
              <input
                type="file"
                className={visuallyHidden}
                accept="image/jpeg,image/png,image/webp"
                disabled={busy}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) commands.request({ name: 'category.uploadImage', file });
                  event.target.value = '';
                }}
              />
            </label>
            {category.imageUrl && (
              <Button
                variant="secondary"
                size="s"
                disabled={busy}
                onClick={() => commands.request({ name: 'category.deleteImage' })}
              >
                Удалить картинку
              </Button>
            )}
          </div>
        </div>
        <div className={ui.stackSmall}>
          <strong>Связанные категории</strong>
          {linked.length === 0 ? (
            <span className={ui.muted}>Связей нет.</span>
          ) : (
            <ul className={styles.checks}>
              {linked.map((item) => (
                <li key={item.id} className={styles.toolbar}>
                  <span>{item.name}</span>
                  <Button
                    variant="secondary"
                    size="s"
                    disabled={busy}
                    onClick={() => commands.request({ name: 'category.unlink', args: { other: item.id } })}
                    aria-label={`Убрать связь с «${item.name}»`}
                  >
                    Убрать
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <div className={styles.toolbar}>
            <label className={ui.fieldLabel} htmlFor="category-ref">
              Добавить связь
            </label>
            <select
              id="category-ref"
              className={ui.control}
              value={target}
              onChange={(event) => setTarget(event.target.value)}
            >
              <option value="">Выберите категорию</option>
              {candidates.map((row) => (
                <option key={row.category.id} value={row.category.id}>
                  {`${'— '.repeat(row.depth)}${row.category.name}`}
                </option>
              ))}
            </select>
            <Button
              size="s"
              disabled={busy || target === ''}
              onClick={() => commands.request({ name: 'category.link', args: { other: Number(target) } })}
            >
              Связать
            </Button>
          </div>
        </div>
        <div className={ui.dialogActions}>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Готово
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/**
 * The category tree with drag and drop (@dnd-kit): drop a category on a row to put it there, among
 * that row's siblings; «Переместить» picks any new parent (and works without a mouse). Each move
 * stores at once and names the 301 redirect it made.
 */
export function CategoryTreeEditor({
  editor,
  changes,
}: {
  editor: CategoryTreeActor;
  changes: ListCommands<AdminCategory>;
}) {
  const rows = useSelector(editor, (snapshot) => flattenTree(snapshot.context.categories));
  const current = useSelector(editor, (snapshot) => snapshot.context.categories);
  const lastMove = useSelector(editor, (snapshot) => snapshot.context.lastMove);
  const error = useSelector(editor, (snapshot) => snapshot.context.error);
  const busy = useSelector(editor, (snapshot) => snapshot.hasTag('busy')) || changes.busy;
  const [moving, setMoving] = useState<AdminCategory | null>(null);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const details = current.find((category) => category.id === detailsId);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = (event: DragEndEvent) => {
    const dragged = current.find((category) => category.id === event.active.id);
    const target = current.find((category) => category.id === event.over?.id);
    if (!dragged || !target || dragged.id === target.id) return;
    const siblings = current
      .filter((category) => category.parentId === target.parentId && category.id !== dragged.id)
      .sort((a, b) => a.sortOrder - b.sortOrder);
    const targetIndex = siblings.findIndex((category) => category.id === target.id);
    const fromIndex = rows.findIndex((row) => row.category.id === dragged.id);
    const toIndex = rows.findIndex((row) => row.category.id === target.id);
    // Dragged down: after the target; dragged up: before it.
    const position = toIndex > fromIndex ? targetIndex + 1 : targetIndex;
    const move = { id: dragged.id, parentId: target.parentId, position };
    if (isMoveAllowed(current, move)) editor.send({ type: 'tree.moved', move });
  };

  return (
    <Card title="Дерево категорий">
      <div className={ui.stack}>
        <p className={ui.muted}>
          Перетащите категорию за ручку ⋮⋮ на новое место (клавиатура: пробел, стрелки, пробел) или нажмите
          «Переместить». Выключенная категория и её товары пропадают с витрины.
        </p>
        {lastMove && (
          <Notice tone="success" role="status">
            «{lastMove.name}» перемещена. Старый адрес <code>{lastMove.fromPath}</code> теперь переадресует
            (301) на <code>{lastMove.toPath}</code>.
          </Notice>
        )}
        {error && (
          <Notice tone="error" role="alert">
            {error}
          </Notice>
        )}
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={rows.map((row) => row.category.id)} strategy={verticalListSortingStrategy}>
            <ul className={styles.tree} aria-label="Категории" aria-busy={busy}>
              {rows.map((row) => (
                <TreeRow
                  key={row.category.id}
                  row={row}
                  busy={busy}
                  onToggle={() => editor.send({ type: 'tree.activeToggled', id: row.category.id })}
                  onMoveTo={() => setMoving(row.category)}
                  onDetails={() => setDetailsId(row.category.id)}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      </div>
      {details && (
        <CategoryDetailsDialog
          category={details}
          categories={current}
          changes={changes}
          onClose={() => setDetailsId(null)}
        />
      )}
      {moving && (
        <MoveDialog
          category={moving}
          categories={current}
          onClose={() => setMoving(null)}
          onMove={(parentId) => {
            const lastPosition = current.filter((category) => category.parentId === parentId).length;
            editor.send({ type: 'tree.moved', move: { id: moving.id, parentId, position: lastPosition } });
            setMoving(null);
          }}
        />
      )}
    </Card>
  );
}
