/**
 * A promise actor whose calls the test settles by hand: every call is recorded with its input, and
 * stays pending until the test resolves or rejects it. Used through `.provide({ actors })`, never
 * through module mocks.
 */
import { fromPromise } from 'xstate';

interface PendingCall<TOutput, TInput> {
  readonly input: TInput;
  resolve(output: TOutput): void;
  reject(error: unknown): void;
  readonly aborted: () => boolean;
}

export interface ControlledActor<TOutput, TInput> {
  readonly logic: ReturnType<typeof fromPromise<TOutput, TInput>>;
  readonly calls: PendingCall<TOutput, TInput>[];
  /** The oldest call not yet settled; fails the test when there is none. */
  next(): PendingCall<TOutput, TInput>;
  readonly pendingCount: () => number;
}

export function controlledActor<TOutput, TInput = void>(name: string): ControlledActor<TOutput, TInput> {
  const calls: PendingCall<TOutput, TInput>[] = [];
  const settled = new WeakSet<PendingCall<TOutput, TInput>>();
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        const call: PendingCall<TOutput, TInput> = {
          input,
          resolve: (output) => {
            settled.add(call);
            resolve(output);
          },
          reject: (error) => {
            settled.add(call);
            reject(error);
          },
          aborted: () => signal.aborted,
        };
        calls.push(call);
      }),
  );
  const pending = () => calls.filter((call) => !settled.has(call) && !call.aborted());
  return {
    logic,
    calls,
    next: () => {
      const call = pending()[0];
      if (!call) throw new Error(`${name}: no pending call`);
      return call;
    },
    pendingCount: () => pending().length,
  };
}

/** Lets settled promises deliver their done/error events to the actor. */
export async function flush(): Promise<void> {
  for (let index = 0; index < 5; index += 1) await Promise.resolve();
}
