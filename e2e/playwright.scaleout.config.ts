import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { chromium } from './playwright.shared'

// The shopper journey against two API processes behind nginx running the shipped configuration
// (deploy/nginx; start-scaleout.mjs), on ports of its own so it never meets the main e2e run.
// Needs TEST_DATABASE_URL, TEST_REDIS_URL and Debian's nginx; `npm test -- e2e-scaleout` runs it.
const proxyPort = Number(process.env.SCALEOUT_PROXY_PORT ?? 3196)
const baseURL = `http://localhost:${proxyPort}`
// Read by the start script and by the round-robin spec (in every worker): the two processes'
// ports, and nginx's directory, whose access log names the process that served each request.
process.env.SCALEOUT_UPSTREAM_PORTS ??= '3194,3195'
process.env.SCALEOUT_NGINX_DIR ??= path.join(os.tmpdir(), `techbazaar-scaleout-nginx-${proxyPort}`)
// Read by the start script's mail catcher and by the fixtures (in every worker).
process.env.MAIL_CATCHER_SMTP_PORT = process.env.SCALEOUT_MAIL_SMTP_PORT ?? '2527'
process.env.MAIL_CATCHER_HTTP_PORT = process.env.SCALEOUT_MAIL_HTTP_PORT ?? '3197'

export default defineConfig({
  testDir: '.',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Every request crosses one more process than in the main run, on the same two cores.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: './test-results/scaleout',
  use: { baseURL, trace: 'retain-on-failure', launchOptions: chromium },
  projects: [
    {
      name: 'journey',
      testMatch: 'tests/shopper-journey.spec.ts',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    {
      // Reads nginx's access log after the journey, so it proves the journey alternated.
      name: 'round-robin',
      testMatch: 'scaleout/*.spec.ts',
      dependencies: ['journey'],
    },
  ],
  webServer: {
    command: 'node start-scaleout.mjs',
    url: `${baseURL}/api/ready`,
    timeout: 240_000,
    reuseExistingServer: false,
    env: {
      SCALEOUT_PROXY_PORT: String(proxyPort),
      SCALEOUT_UPSTREAM_PORTS: process.env.SCALEOUT_UPSTREAM_PORTS,
      SCALEOUT_NGINX_DIR: process.env.SCALEOUT_NGINX_DIR,
    },
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM, so the script stops nginx and both processes and drops its scratch database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
})
