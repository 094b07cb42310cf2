import { defineConfig, devices } from '@playwright/test'
import { chromium } from './playwright.shared'

const port = Number(process.env.E2E_PORT ?? 3199)
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${port}`

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: './test-results',
  use: { baseURL, trace: 'retain-on-failure', launchOptions: chromium },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      testIgnore: /responsive\.spec\.ts|payouts\.spec\.ts/,
    },
    {
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        launchOptions: chromium,
      },
      testMatch: /responsive\.spec\.ts/,
    },
    {
      // Moves the shop's clock forward (POST /api/admin/test-clock): after every other journey.
      name: 'clock',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      testMatch: /payouts\.spec\.ts/,
      dependencies: ['desktop', 'phone'],
    },
  ],
  // A fresh shop on its own port and data directory: built, migrated and seeded like `npm start`.
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'node start-shop.mjs',
        url: `${baseURL}/api/health`,
        timeout: 180_000,
        reuseExistingServer: false,
        env: { PORT: String(port) },
        stdout: 'ignore',
        stderr: 'pipe',
      },
})
