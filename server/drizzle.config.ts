import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every module's tables, the platform's and the tenants': a new module's schema.ts is found by its place.
  schema: ['./src/modules/*/schema.ts', './src/platform/schema.ts', './src/db/tenants.ts'],
  out: './drizzle',
});
