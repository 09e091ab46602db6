import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  IMAGE_TYPE_MESSAGE,
  type ImagesAnswer,
  imageManagerMachine,
  type ManagedImage,
  type ProductImageOperation,
} from '../../src/application/machines/admin/image-manager.machine';
import { PortFailure } from '../../src/application/ports/port-failure';
import { controlledActor, flush } from './support/controlled-actor';
import { doneEvent, errorEvent, unreachableStates } from './support/state-graph';

const a: ManagedImage = { key: 'a', url: '/a.webp', alt: 'А' };
const b: ManagedImage = { key: 'b', url: '/b.webp', alt: 'Б' };
const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'диван.jpg', { type: 'image/jpeg' });
const gif = new File(['GIF89a'], 'x.gif', { type: 'image/gif' });

function startManager(input: { productId?: number | null } = { productId: 7 }) {
  const run = controlledActor<ImagesAnswer, ProductImageOperation>('runImageOperation');
  const changes: ImagesAnswer[] = [];
  const actor = createActor(
    imageManagerMachine.provide({
      actors: { runImageOperation: run.logic },
      actions: { imagesChanged: (_, answer) => changes.push(answer) },
    }),
    { input },
  ).start();
  actor.send({ type: 'images.loaded', images: [a, b] });
  return { actor, run, changes };
}

describe('image manager machine', () => {
  it('stages photos of a product not yet created and uploads them, in order, once it has an id', async () => {
    const { actor, run, changes } = startManager({ productId: null });
    const second = new File([new Uint8Array([0x89])], 'b.png', { type: 'image/png' });
    const third = new File([new Uint8Array([0x52])], 'c.webp', { type: 'image/webp' });
    actor.send({ type: 'images.filesChosen', files: [jpeg, second, gif] });
    expect(actor.getSnapshot().context.error).toBe(IMAGE_TYPE_MESSAGE);
    actor.send({ type: 'images.filesChosen', files: [third] });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.staged.map((staged) => staged.file.name)).toEqual([
      'диван.jpg',
      'b.png',
      'c.webp',
    ]);
    actor.send({ type: 'images.stagedRemoved', key: actor.getSnapshot().context.staged[1]?.key ?? '' });
    expect(run.calls).toHaveLength(0);

    actor.send({ type: 'images.formChanged', productId: 31, images: [] });
    expect(actor.getSnapshot().context.staged).toEqual([]);
    expect(run.next().input).toEqual({ kind: 'upload', file: jpeg, productId: 31 });
    run.next().resolve({ images: [a], version: '2' });
    await flush();
    expect(run.next().input).toEqual({ kind: 'upload', file: third, productId: 31 });
    run.next().resolve({ images: [a, b], version: '3' });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.images).toEqual([a, b]);
    expect(changes.map((change) => change.version)).toEqual(['2', '3']);
  });

  it('uploads dropped files one at a time and hands each new version to the form', async () => {
    const { actor, run, changes } = startManager();
    const second = new File([new Uint8Array([0x89])], 'b.png', { type: 'image/png' });
    actor.send({ type: 'images.filesChosen', files: [jpeg, second] });
    expect(actor.getSnapshot().value).toBe('working');
    expect(run.next().input).toEqual({ kind: 'upload', file: jpeg, productId: 7 });
    run.next().resolve({ images: [a, b, { key: 'c', url: '/c.webp', alt: '' }], version: '5' });
    await flush();
    expect(actor.getSnapshot().value).toBe('working');
    expect(run.next().input).toEqual({ kind: 'upload', file: second, productId: 7 });
    run.next().resolve({ images: [a, b], version: '6' });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(changes.map((change) => change.version)).toEqual(['5', '6']);
  });

  it('refuses a file that is not JPEG, PNG or WEBP without calling the server', () => {
    const { actor, run } = startManager();
    actor.send({ type: 'images.filesChosen', files: [gif] });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe(IMAGE_TYPE_MESSAGE);
    expect(run.calls).toHaveLength(0);
  });

  it('shows a new order at once and rolls it back when the server refuses', async () => {
    const { actor, run } = startManager();
    actor.send({ type: 'images.reordered', keys: ['b', 'a'] });
    expect(actor.getSnapshot().context.images.map((image) => image.key)).toEqual(['b', 'a']);
    run.next().reject(new PortFailure({ kind: 'network', message: 'offline' }));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.images.map((image) => image.key)).toEqual(['a', 'b']);
    expect(actor.getSnapshot().context.error).toContain('Нет связи');
    actor.send({ type: 'images.dismissed' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('changes alt text and deletes through the same queue', async () => {
    const { actor, run } = startManager();
    actor.send({ type: 'images.altChanged', key: 'a', alt: 'Диван, вид сбоку' });
    actor.send({ type: 'images.deleteRequested', key: 'b' });
    expect(run.next().input).toEqual({ kind: 'alt', key: 'a', alt: 'Диван, вид сбоку', productId: 7 });
    run.next().resolve({ images: [{ ...a, alt: 'Диван, вид сбоку' }, b], version: '2' });
    await flush();
    expect(run.next().input).toEqual({ kind: 'delete', key: 'b', productId: 7 });
  });
});

const graphEvents: AnyEventObject[] = [
  { type: 'images.formChanged', productId: 7, images: [a, b] },
  { type: 'images.filesChosen', files: [jpeg] },
  { type: 'images.reordered', keys: ['b', 'a'] },
  { type: 'images.dismissed' },
  doneEvent('runImageOperation', { images: [a, b], version: '2' }),
  errorEvent('runImageOperation'),
];

describe('image manager machine graph', () => {
  const serializeState = (snapshot: {
    value: unknown;
    context: { queue: readonly unknown[]; productId: number | null; staged: readonly unknown[] };
  }) =>
    JSON.stringify([
      snapshot.value,
      Math.min(snapshot.context.queue.length, 2),
      snapshot.context.productId,
      Math.min(snapshot.context.staged.length, 1),
    ]);

  it('reaches every state', () => {
    expect(
      unreachableStates(imageManagerMachine, { events: graphEvents as never[], serializeState }),
    ).toEqual([]);
  });

  it('behaves like the model along generated paths', async () => {
    const paths = getShortestPaths(imageManagerMachine, {
      events: graphEvents as never[],
      serializeState: (snapshot) => serializeState(snapshot as never),
    });
    expect(paths.length).toBeGreaterThan(2);
    for (const path of paths) {
      const sut = startManager({});
      for (const step of path.steps) {
        const event = step.event as AnyEventObject & { output?: ImagesAnswer; error?: unknown };
        if (event.type === 'xstate.done.actor.runImageOperation')
          sut.run.next().resolve(event.output as ImagesAnswer);
        else if (event.type === 'xstate.error.actor.runImageOperation') sut.run.next().reject(event.error);
        else if (event.type !== 'xstate.init') sut.actor.send(event as never);
        await flush();
        expect(sut.actor.getSnapshot().value).toEqual(step.state.value);
      }
      sut.actor.stop();
    }
  });
});
