import { defineConfig } from 'vitest/config'

const ALL = ['src/**/*.test.ts', 'test/**/*.test.ts']
/** Files that replace a module with vi.mock: they need a module registry of their own. */
const ISOLATED = ['src/**/*.isolated.test.ts', 'test/**/*.isolated.test.ts']

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    // Each file gets its own database; PGlite work is CPU-bound, so two at a time on two cores.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ALL,
          exclude: ISOLATED,
          // Files share their worker's loaded modules: every file builds its own app on its own
          // database, so only the import of the app's ~700 modules is shared, and the suite takes
          // about 40% less time (CI keeps under 45 minutes). A file that mocks a module is named
          // *.isolated.test.ts (lint refuses vi.mock elsewhere).
          isolate: false,
        },
      },
      { extends: true, test: { name: 'api-isolated', include: ISOLATED, isolate: true } },
    ],
  },
})
