import { expect, type Page } from '@playwright/test';

/**
 * Waits until `check` holds, moving the page's clock on by `stepMs` before each look: the app tries
 * a failed request again, or polls, on a timer (SPEC §9's delays), and the test need not sit through
 * the timer to see what happens when it fires. The page's clock must have been installed
 * (`page.clock.install()`) before the page loaded; between the steps time runs as usual.
 */
export async function expectAfterTimers(page: Page, stepMs: number, check: () => Promise<boolean>) {
  await expect
    .poll(async () => {
      await page.clock.fastForward(stepMs);
      return check();
    })
    .toBe(true);
}
