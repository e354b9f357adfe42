import { defineConfig } from 'drizzle-kit';

// `pnpm db:generate` diffs the schema (src/db/schema/index.ts, which re-exports every table) against
// drizzle/meta and writes the next versioned SQL migration.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
