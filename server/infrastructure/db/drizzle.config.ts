import { defineConfig } from 'drizzle-kit';

// Used only by drizzle-kit (npm run db:generate): migrations are generated from the schema and committed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/infrastructure/db/schema/index.ts',
  out: './server/infrastructure/db/migrations',
});
