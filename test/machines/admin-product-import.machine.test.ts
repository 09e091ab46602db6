import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import {
  IMPORT_FAILED_MESSAGE,
  type ImportReport,
  productImportMachine,
} from '../../src/application/machines/admin/product-import.machine';
import { PortFailure } from '../../src/application/ports/port-failure';
import { controlledActor, flush } from './support/controlled-actor';
import { doneEvent, errorEvent, unreachableStates } from './support/state-graph';

const report: ImportReport = {
  token: 't-1',
  created: 2,
  updated: 1,
  unchanged: 0,
  errors: 1,
  summary: '2 создано, 1 обновлено, 1 ошибка',
  rows: [{ row: 3, sku: 'X', action: 'error', errors: ['Цена: не число'] }],
};
const nothingToWrite: ImportReport = { ...report, created: 0, updated: 0, errors: 3 };
const file = new File(['Артикул;Цена\nA1;100\n'], 'товары.csv', { type: 'text/csv' });

function startImport() {
  const dryRun = controlledActor<ImportReport, { file: File }>('dryRun');
  const confirm = controlledActor<ImportReport, { token: string }>('confirmImport');
  const log: string[] = [];
  const actor = createActor(
    productImportMachine.provide({ actors: { dryRun: dryRun.logic, confirmImport: confirm.logic } }),
  );
  actor.on('import.catalogueChanged', () => log.push('changed'));
  actor.start();
  return { actor, dryRun, confirm, log };
}

describe('product import machine', () => {
  it('uploads for a dry run, previews, confirms with the token and reloads the catalogue', async () => {
    const { actor, dryRun, confirm, log } = startImport();
    actor.send({ type: 'import.fileChosen', file });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(actor.getSnapshot().context.fileName).toBe('товары.csv');
    expect(dryRun.next().input.file).toBe(file);
    dryRun.next().resolve(report);
    await flush();
    expect(actor.getSnapshot().value).toBe('previewed');
    expect(log).toEqual([]);
    actor.send({ type: 'import.confirmed' });
    expect(confirm.next().input).toEqual({ token: 't-1' });
    confirm.next().resolve({ ...report, summary: '2 создано, 1 обновлено' });
    await flush();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.report?.summary).toBe('2 создано, 1 обновлено');
    expect(log).toEqual(['changed']);
    actor.send({ type: 'import.closed' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('cannot confirm a file in which every row has errors; cancel writes nothing', async () => {
    const { actor, dryRun, confirm } = startImport();
    actor.send({ type: 'import.fileChosen', file });
    dryRun.next().resolve(nothingToWrite);
    await flush();
    actor.send({ type: 'import.confirmed' });
    expect(actor.getSnapshot().value).toBe('previewed');
    actor.send({ type: 'import.cancelled' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(confirm.calls).toHaveLength(0);
  });

  it('shows the server message of a refused file, or the general one', async () => {
    const { actor, dryRun } = startImport();
    actor.send({ type: 'import.fileChosen', file });
    dryRun.next().reject(
      new PortFailure({
        kind: 'bad-request',
        status: 415,
        message: '415',
        serverMessage: 'Нужен CSV или XLSX',
      }),
    );
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Нужен CSV или XLSX');
    actor.send({ type: 'import.fileChosen', file });
    dryRun.next().reject(new Error('offline'));
    await flush();
    expect(actor.getSnapshot().context.error).toBe(IMPORT_FAILED_MESSAGE);
  });
});

const graphEvents: AnyEventObject[] = [
  { type: 'import.fileChosen', file },
  { type: 'import.confirmed' },
  { type: 'import.cancelled' },
  { type: 'import.closed' },
  doneEvent('dryRun', report),
  errorEvent('dryRun'),
  doneEvent('confirmImport', report),
  errorEvent('confirmImport'),
];

describe('product import machine graph', () => {
  const serializeState = (snapshot: { value: unknown }) => JSON.stringify(snapshot.value);

  it('reaches every state', () => {
    expect(
      unreachableStates(productImportMachine, { events: graphEvents as never[], serializeState }),
    ).toEqual([]);
  });

  it('behaves like the model along generated paths', async () => {
    const options = { events: graphEvents as never[], serializeState };
    const paths = [
      ...getShortestPaths(productImportMachine, options),
      ...getSimplePaths(productImportMachine, { ...options, toState: (state) => state.matches('done') }),
    ];
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) {
      const sut = startImport();
      for (const step of path.steps) {
        const event = step.event as AnyEventObject & { output?: ImportReport; error?: unknown };
        if (event.type === 'xstate.done.actor.dryRun')
          sut.dryRun.next().resolve(event.output as ImportReport);
        else if (event.type === 'xstate.error.actor.dryRun') sut.dryRun.next().reject(event.error);
        else if (event.type === 'xstate.done.actor.confirmImport')
          sut.confirm.next().resolve(event.output as ImportReport);
        else if (event.type === 'xstate.error.actor.confirmImport') sut.confirm.next().reject(event.error);
        else if (event.type !== 'xstate.init') sut.actor.send(event as never);
        await flush();
        expect(sut.actor.getSnapshot().value).toEqual(step.state.value);
      }
      sut.actor.stop();
    }
  });
});
