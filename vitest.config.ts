import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/helpers/database-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite instances are memory-hungry; two workers match the machine's two cores.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
