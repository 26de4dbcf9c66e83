import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://localhost:${port}`;
/**
 * The server's data dir (its mail log lives there). Workers load this file too, under their own
 * pid, so the first process's choice is passed to them through the environment they inherit.
 */
const dataDir = (process.env.E2E_DATA_DIR ??= `/tmp/bourse-e2e-${process.pid}`);

/**
 * Browser tests drive Debian's Chromium against the built client served by the real server.
 * Specs named `*.serial.spec.ts` change site-wide settings, so they run alone after the rest.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results/e2e',
  // CI machines are shared and slower: the same waits get more room there, the steps stay the same.
  timeout: process.env.CI ? 90_000 : 45_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  fullyParallel: true,
  workers: 2,
  // A shared two-core CI machine now and then starves a step past its wait: CI tries a failed test
  // once more, and the summary names every test that needed it.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: '../../test-results/playwright.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The SPEC's look is dark; a first visit follows the device, so the browser asks for dark
    // (specs about the light theme ask for light themselves).
    colorScheme: 'dark',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    { name: 'e2e', testIgnore: /\.serial\.spec\.ts$/, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'serial',
      testMatch: /\.serial\.spec\.ts$/,
      fullyParallel: false,
      // One at a time, across files too: two serial specs would switch the same settings under each other.
      workers: 1,
      dependencies: ['e2e'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // Price sources start empty; the price-sources spec writes the file, which the server follows.
    command: `rm -rf ${dataDir} && mkdir -p ${dataDir} && echo '{"sources":[],"instruments":{}}' > ${dataDir}/price-feeds.json && node apps/server/src/main.ts`,
    cwd: '../..',
    url: `${baseURL}/api/v1/settings`,
    // Only waits as long as the start takes; a shared machine under load has taken over two minutes.
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // Robots pass every 2 s so a browser test sees one trade without waiting out the minute.
    env: { PORT: String(port), DATA_DIR: dataDir, AUTH_RATE_LIMIT: '100000', NODE_ENV: 'development', PRICE_SEED: '42', ROBOT_PASS_MS: '2000', PRICE_FEEDS: `${dataDir}/price-feeds.json` },
  },
});
