import { defineConfig } from 'prisma/config'

// Only `prisma generate` runs here (the migrate commands need the schema engine
// binary, which cannot be downloaded offline): see docs/migrations.md.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost/weekday_wars' },
})
