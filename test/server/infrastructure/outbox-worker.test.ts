import { describe, expect, it } from 'vitest';
import { WorkerSchedule } from '../../../server/infrastructure/outbox/outbox-worker';

/** A round the test finishes by hand, so every step of the schedule is observed, never timed. */
function controlledRounds() {
  const started: (() => void)[] = [];
  let waiting: (() => void) | null = null;
  const round = () =>
    new Promise<void>((finish) => {
      started.push(finish);
      waiting?.();
      waiting = null;
    });
  const nextStart = (count: number) =>
    new Promise<void>((resolve) => {
      if (started.length >= count) resolve();
      else waiting = resolve;
    });
  return { round, started, nextStart };
}

const SETTINGS = { pollIntervalMs: 3_600_000, deliveryTimeoutMs: 1_000 };

describe('the outbox worker’s schedule', () => {
  it('runs a round at start, and a woken worker runs one more after the round in progress', async () => {
    const rounds = controlledRounds();
    const schedule = new WorkerSchedule(rounds.round, SETTINGS);
    schedule.wake();
    expect(rounds.started).toHaveLength(0); // not started: waking does nothing
    schedule.start();
    await rounds.nextStart(1);
    // Woken twice during the round: one more round, not two, and not in parallel.
    schedule.wake();
    schedule.wake();
    expect(rounds.started).toHaveLength(1);
    rounds.started[0]?.();
    await rounds.nextStart(2);
    expect(rounds.started).toHaveLength(2);
    rounds.started[1]?.();
    await schedule.stop();
  });

  it('stops: no round after stop, and stop waits for the round in progress', async () => {
    const rounds = controlledRounds();
    const schedule = new WorkerSchedule(rounds.round, SETTINGS);
    schedule.start();
    await rounds.nextStart(1);
    let stopped = false;
    const stopping = schedule.stop().then(() => {
      stopped = true;
    });
    expect(schedule.isStopped).toBe(true);
    schedule.wake();
    await Promise.resolve();
    expect(stopped).toBe(false);
    rounds.started[0]?.();
    await stopping;
    expect(stopped).toBe(true);
    schedule.wake();
    expect(rounds.started).toHaveLength(1);
  });
});
