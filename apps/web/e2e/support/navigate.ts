import { expect, type Page } from '@playwright/test';

/**
 * Moves the running app to `path` the way its own links do (the router follows the history entry)
 * instead of loading the page anew: the session, the data already fetched and the realtime
 * connection stay, as they do for someone moving between screens, and the step costs no reload.
 * For tests about what a screen shows; a test about what a fresh load does uses page.goto.
 */
export async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    // The entry carries the position the router numbers its own entries with.
    const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1 };
    window.history.pushState(state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state }));
  }, path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}
