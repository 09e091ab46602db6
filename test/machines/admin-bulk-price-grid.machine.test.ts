import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  bulkPriceGridMachine,
  GRID_SAVE_FAILED_MESSAGE,
  type GridChange,
  type GridRow,
  groupChanges,
  PRICE_MESSAGES,
  pendingEdits,
  priceChangedBy,
  readPercent,
  readPriceCell,
  type SaveOutcome,
  type UndoOutcome,
} from '../../src/application/machines/admin/bulk-price-grid.machine';
import { controlledActor, flush } from './support/controlled-actor';
import { doneEvent, errorEvent, unreachableStates } from './support/state-graph';

const rows: GridRow[] = [
  { id: 1, sku: 'A1', name: 'Диван', price: 1000, price_old: null, badge: null, hidden: false },
  { id: 2, sku: 'A2', name: 'Кресло', price: 2000, price_old: 2500, badge: 'new', hidden: false },
  { id: 3, sku: 'A3', name: 'Стол', price: 3000, price_old: null, badge: null, hidden: true },
];

function startGrid() {
  const save = controlledActor<SaveOutcome, { changes: readonly GridChange[] }>('saveChanges');
  const undo = controlledActor<UndoOutcome, { operations: readonly string[] }>('undoOperations');
  const actor = createActor(
    bulkPriceGridMachine.provide({ actors: { saveChanges: save.logic, undoOperations: undo.logic } }),
    { input: { rows: [] } },
  ).start();
  actor.send({ type: 'grid.rowsLoaded', rows });
  return { actor, save, undo };
}

describe('bulk price grid machine', () => {
  it('edits cells and undoes/redoes them before saving', () => {
    const { actor } = startGrid();
    actor.send({ type: 'grid.cellEdited', edit: { id: 1, field: 'price', after: 1100 } });
    actor.send({ type: 'grid.cellEdited', edit: { id: 2, field: 'badge', after: null } });
    expect(pendingEdits(actor.getSnapshot().context)).toHaveLength(2);
    actor.send({ type: 'grid.undo' });
    expect(actor.getSnapshot().context.draft[2]?.badge).toBe('new');
    actor.send({ type: 'grid.undo' });
    expect(actor.getSnapshot().context.draft[1]?.price).toBe(1000);
    expect(pendingEdits(actor.getSnapshot().context)).toEqual([]);
    actor.send({ type: 'grid.redo' });
    expect(actor.getSnapshot().context.draft[1]?.price).toBe(1100);
    // An edit that changes nothing is not a command.
    actor.send({ type: 'grid.cellEdited', edit: { id: 3, field: 'hidden', after: true } });
    expect(actor.getSnapshot().context.undoStack).toHaveLength(1);
  });

  it('fills a column as one undoable command', () => {
    const { actor } = startGrid();
    actor.send({ type: 'grid.columnFilled', fill: { field: 'hidden', value: false } });
    expect(actor.getSnapshot().context.undoStack).toHaveLength(1);
    expect(actor.getSnapshot().context.draft[3]?.hidden).toBe(false);
    actor.send({ type: 'grid.undo' });
    expect(actor.getSnapshot().context.draft[3]?.hidden).toBe(true);
  });

  it('groups pending cells into one bulk call per field and value', () => {
    const { actor, save } = startGrid();
    actor.send({ type: 'grid.cellEdited', edit: { id: 1, field: 'price', after: 999 } });
    actor.send({ type: 'grid.cellEdited', edit: { id: 2, field: 'price', after: 999 } });
    actor.send({ type: 'grid.cellEdited', edit: { id: 3, field: 'price_old', after: 4000 } });
    actor.send({ type: 'grid.saveRequested' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(save.next().input.changes).toEqual([
      { field: 'price', value: 999, ids: [1, 2] },
      { field: 'price_old', value: 4000, ids: [3] },
    ]);
  });

  it('does not save without changes', () => {
    const { actor, save } = startGrid();
    actor.send({ type: 'grid.saveRequested' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(save.calls).toHaveLength(0);
  });

  it('saves, then undoes the saved batch on the server and restores the grid', async () => {
    const { actor, save, undo } = startGrid();
    actor.send({ type: 'grid.cellEdited', edit: { id: 1, field: 'price', after: 500 } });
    actor.send({ type: 'grid.cellEdited', edit: { id: 2, field: 'hidden', after: true } });
    actor.send({ type: 'grid.saveRequested' });
    save.next().resolve({ operations: ['op-1', 'op-2'], failedIds: [] });
    await flush();
    const afterSave = actor.getSnapshot().context;
    expect(afterSave.rows.find((row) => row.id === 1)?.price).toBe(500);
    expect(afterSave.saved).toHaveLength(1);
    expect(afterSave.notice).toBe('Сохранено товаров: 2');
    expect(pendingEdits(afterSave)).toEqual([]);

    actor.send({ type: 'grid.undoSavedRequested' });
    expect(undo.next().input).toEqual({ operations: ['op-2', 'op-1'] });
    // Product 2 was changed by someone else meanwhile: its value stays.
    undo.next().resolve({ restoredIds: [1] });
    await flush();
    const afterUndo = actor.getSnapshot().context;
    expect(afterUndo.rows.find((row) => row.id === 1)?.price).toBe(1000);
    expect(afterUndo.rows.find((row) => row.id === 2)?.hidden).toBe(true);
    expect(afterUndo.saved).toEqual([]);
    expect(afterUndo.error).toContain('1 тов.');
  });

  it('rows the server refused fall back to the stored values', async () => {
    const { actor, save } = startGrid();
    actor.send({ type: 'grid.cellEdited', edit: { id: 1, field: 'price', after: 500 } });
    actor.send({ type: 'grid.cellEdited', edit: { id: 3, field: 'price', after: 600 } });
    actor.send({ type: 'grid.saveRequested' });
    // 3 000 → 600 ₽ is a ÷5 jump: confirmed first.
    actor.send({ type: 'grid.jumpsConfirmed' });
    save.next().resolve({ operations: ['op-1'], failedIds: [3] });
    await flush();
    const context = actor.getSnapshot().context;
    expect(context.draft[3]?.price).toBe(3000);
    expect(context.saved[0]?.edits.map((edit) => edit.id)).toEqual([1]);
    expect(context.error).toContain('1');
  });

  it('a failed save keeps the draft', async () => {
    const { actor, save } = startGrid();
    actor.send({ type: 'grid.cellEdited', edit: { id: 1, field: 'price', after: 500 } });
    actor.send({ type: 'grid.saveRequested' });
    save.next().reject(new Error('offline'));
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe(GRID_SAVE_FAILED_MESSAGE);
    expect(actor.getSnapshot().context.draft[1]?.price).toBe(500);
  });

  it('a cell that is not a price keeps its text and a Russian reason, changes nothing and blocks the save', () => {
    const { actor, save } = startGrid();
    for (const [text, message] of [
      ['abc', PRICE_MESSAGES.notAmount],
      ['0', PRICE_MESSAGES.zero],
      ['', PRICE_MESSAGES.empty],
      ['1200,50', PRICE_MESSAGES.kopecks],
      ['-5', PRICE_MESSAGES.notAmount],
    ] as const) {
      actor.send({ type: 'grid.priceTyped', id: 1, field: 'price', text });
      expect(actor.getSnapshot().context.invalid['1:price']).toBe(message);
      expect(actor.getSnapshot().context.typed['1:price']).toBe(text);
      expect(actor.getSnapshot().context.draft[1]?.price).toBe(1000);
    }
    actor.send({ type: 'grid.cellEdited', edit: { id: 2, field: 'hidden', after: true } });
    actor.send({ type: 'grid.saveRequested' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe(PRICE_MESSAGES.invalidCells);
    expect(save.calls).toHaveLength(0);
    actor.send({ type: 'grid.priceTyped', id: 1, field: 'price', text: '1 100' });
    expect(actor.getSnapshot().context.invalid).toEqual({});
    expect(actor.getSnapshot().context.draft[1]?.price).toBe(1100);
    actor.send({ type: 'grid.saveRequested' });
    expect(actor.getSnapshot().value).toBe('saving');
  });

  it('an empty old price means none; a 0 old price is refused', () => {
    const { actor } = startGrid();
    actor.send({ type: 'grid.priceTyped', id: 2, field: 'price_old', text: '' });
    expect(actor.getSnapshot().context.draft[2]?.price_old).toBeNull();
    actor.send({ type: 'grid.priceTyped', id: 2, field: 'price_old', text: '0' });
    expect(actor.getSnapshot().context.invalid['2:price_old']).toBe(PRICE_MESSAGES.zero);
  });

  it('asks about ×3 and ÷3 jumps before saving, listing them; going back keeps the draft', () => {
    const { actor, save } = startGrid();
    actor.send({ type: 'grid.priceTyped', id: 1, field: 'price', text: '3000' });
    actor.send({ type: 'grid.priceTyped', id: 2, field: 'price', text: '2900' });
    actor.send({ type: 'grid.priceTyped', id: 3, field: 'price', text: '1000' });
    actor.send({ type: 'grid.saveRequested' });
    expect(actor.getSnapshot().value).toBe('confirmingJumps');
    expect(actor.getSnapshot().context.jumps).toEqual([
      { id: 1, name: 'Диван', before: 1000, after: 3000 },
      { id: 3, name: 'Стол', before: 3000, after: 1000 },
    ]);
    actor.send({ type: 'grid.jumpsCancelled' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.draft[1]?.price).toBe(3000);
    actor.send({ type: 'grid.saveRequested' });
    actor.send({ type: 'grid.jumpsConfirmed' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(save.next().input.changes).toHaveLength(3);
  });

  it('changes every price by a percent or to one price, each as one undoable command', () => {
    const { actor } = startGrid();
    actor.send({ type: 'grid.pricesChangedByPercent', text: '+5' });
    expect(rows.map((row) => actor.getSnapshot().context.draft[row.id]?.price)).toEqual([1050, 2100, 3150]);
    actor.send({ type: 'grid.pricesChangedByPercent', text: '−10 %' });
    expect(rows.map((row) => actor.getSnapshot().context.draft[row.id]?.price)).toEqual([945, 1890, 2835]);
    actor.send({ type: 'grid.undo' });
    expect(actor.getSnapshot().context.draft[1]?.price).toBe(1050);
    actor.send({ type: 'grid.pricesSet', text: '1 990' });
    expect(rows.map((row) => actor.getSnapshot().context.draft[row.id]?.price)).toEqual([1990, 1990, 1990]);
    actor.send({ type: 'grid.pricesSet', text: 'abc' });
    expect(actor.getSnapshot().context.toolError).toBe(PRICE_MESSAGES.notAmount);
    actor.send({ type: 'grid.pricesChangedByPercent', text: '0' });
    expect(actor.getSnapshot().context.toolError).toBe(PRICE_MESSAGES.percent);
    expect(actor.getSnapshot().context.draft[1]?.price).toBe(1990);
  });

  it('hands the stored rows to the list after a save', async () => {
    const { actor, save } = startGrid();
    const stored: (readonly GridRow[])[] = [];
    actor.on('grid.rowsStored', (event) => stored.push(event.rows));
    actor.send({ type: 'grid.priceTyped', id: 1, field: 'price', text: '1200' });
    actor.send({ type: 'grid.saveRequested' });
    save.next().resolve({ operations: ['op-1'], failedIds: [] });
    await flush();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.find((row) => row.id === 1)?.price).toBe(1200);
  });

  it('reads prices, percents and percent changes as documented', () => {
    expect(readPriceCell('price', '12 990')).toEqual({ ok: true, value: 12_990 });
    expect(readPriceCell('price', '12 990 ₽')).toEqual({ ok: true, value: 12_990 });
    expect(readPriceCell('price', '12990,00')).toEqual({ ok: true, value: 12_990 });
    expect(readPriceCell('price', 'двенадцать')).toEqual({ ok: false, message: PRICE_MESSAGES.notAmount });
    expect(readPercent('5')).toBe(5);
    expect(readPercent('2,5%')).toBe(2.5);
    expect(readPercent('−90')).toBe(-90);
    expect(readPercent('-91')).toBeNull();
    expect(readPercent('501')).toBeNull();
    expect(priceChangedBy(1990, 2.5)).toBe(2040);
    expect(priceChangedBy(1, -90)).toBe(1);
  });

  it('groupChanges keeps null and false values apart from absent ones', () => {
    expect(
      groupChanges([
        { id: 1, field: 'badge', before: 'new', after: null },
        { id: 2, field: 'hidden', before: true, after: false },
      ]),
    ).toEqual([
      { field: 'badge', value: null, ids: [1] },
      { field: 'hidden', value: false, ids: [2] },
    ]);
  });
});

const graphEvents: AnyEventObject[] = [
  { type: 'grid.cellEdited', edit: { id: 1, field: 'price', after: 10 } },
  { type: 'grid.undo' },
  { type: 'grid.saveRequested' },
  { type: 'grid.jumpsConfirmed' },
  { type: 'grid.jumpsCancelled' },
  { type: 'grid.undoSavedRequested' },
  doneEvent('saveChanges', { operations: ['op'], failedIds: [] }),
  errorEvent('saveChanges'),
  doneEvent('undoOperations', { restoredIds: [1] }),
  errorEvent('undoOperations'),
];

describe('bulk price grid machine graph', () => {
  const serializeState = (snapshot: {
    value: unknown;
    context: { draft: object; saved: readonly unknown[] };
  }) => JSON.stringify([snapshot.value, snapshot.context.draft, snapshot.context.saved.length]);

  it('reaches every state', () => {
    const machine = bulkPriceGridMachine;
    const events = [{ type: 'grid.rowsLoaded', rows }, ...graphEvents];
    expect(unreachableStates(machine, { events: events as never[], serializeState })).toEqual([]);
  });

  it('behaves like the model along generated paths', async () => {
    const events = [{ type: 'grid.rowsLoaded', rows: rows.slice(0, 1) }, ...graphEvents];
    const paths = getShortestPaths(bulkPriceGridMachine, {
      events: events as never[],
      serializeState: (snapshot) => serializeState(snapshot as never),
    });
    expect(paths.length).toBeGreaterThan(4);
    for (const path of paths) {
      const sut = startGrid();
      sut.actor.send({ type: 'grid.rowsLoaded', rows: rows.slice(0, 1) });
      for (const step of path.steps) {
        const event = step.event as AnyEventObject & { output?: unknown; error?: unknown };
        if (event.type === 'xstate.done.actor.saveChanges')
          sut.save.next().resolve(event.output as SaveOutcome);
        else if (event.type === 'xstate.error.actor.saveChanges') sut.save.next().reject(event.error);
        else if (event.type === 'xstate.done.actor.undoOperations')
          sut.undo.next().resolve(event.output as UndoOutcome);
        else if (event.type === 'xstate.error.actor.undoOperations') sut.undo.next().reject(event.error);
        else if (event.type !== 'xstate.init' && event.type !== 'grid.rowsLoaded')
          sut.actor.send(event as never);
        await flush();
        expect(sut.actor.getSnapshot().value).toEqual(step.state.value);
      }
      sut.actor.stop();
    }
  });
});
