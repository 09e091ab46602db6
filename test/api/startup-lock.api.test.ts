import { describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/infrastructure/db/database';

/**
 * The start-up lock (issue 14): on PostgreSQL, `whileStartingAlone` of different processes — here
 * different connection pools, as separate processes have — never overlap, so migrations and the
 * seeding decision run one process at a time. PGlite has one process; its lock simply runs the work.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;

describe('the start-up lock', () => {
  it.runIf(databaseUrl !== undefined)(
    'lets one pool at a time through on PostgreSQL, and frees the lock when the work fails',
    async () => {
      const pools: Database[] = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ kind: 'pg', connectionString: databaseUrl ?? '', poolSize: 2 })),
      );
      try {
        const events: string[] = [];
        let inside = 0;
        let most = 0;
        await Promise.all(
          pools.map((database, index) =>
            database.whileStartingAlone(async () => {
              inside += 1;
              most = Math.max(most, inside);
              events.push(`enter ${index}`);
              await new Promise((done) => setTimeout(done, 150));
              events.push(`leave ${index}`);
              inside -= 1;
            }),
          ),
        );
        expect(most).toBe(1);
        expect(events).toHaveLength(6);
        // A failed start (a migration that throws) must not keep the others waiting for ever.
        const [first, second] = pools as [Database, Database];
        await expect(
          first.whileStartingAlone(async () => {
            throw new Error('migration failed');
          }),
        ).rejects.toThrow('migration failed');
        await expect(second.whileStartingAlone(async () => 'started')).resolves.toBe('started');
      } finally {
        await Promise.all(pools.map((database) => database.close()));
      }
    },
  );

  it('runs the work directly on PGlite', async () => {
    const database = await openDatabase({ kind: 'pglite-memory' });
    try {
      await expect(database.whileStartingAlone(async () => 42)).resolves.toBe(42);
    } finally {
      await database.close();
    }
  });
});
