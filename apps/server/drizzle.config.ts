import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema with `npm run db:generate -w apps/server` and committed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  strict: true,
});
