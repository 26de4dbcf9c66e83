import { expect, type Locator, type Page } from '@playwright/test';
import { isMarketOpen } from '@bourse/domain';
import { apiCall, newCustomer, openRoom, screenshots, test } from './helpers';

/** EUR/USD is quoted to 5 decimals, BTC/USD to 2: every price on screen keeps its instrument's digits. */
const FIVE = /^\d\.\d{5}$/;
const TWO = /^\d+\.\d{2}$/;

type Asset = { asset_id: number; symbol: string; symbol_display: string; buy_price: number; digits: number };

/** Opens the room as a new customer on BTC/USD, priced with its 2 digits; returns the session's token. */
async function openNewRoom(page: Page, baseURL: string) {
  const { token } = await openRoom(page, await newCustomer(baseURL));
  await expect(page.getByTestId('buy-price')).toHaveText(TWO);
  return token;
}

/** The market watch: the sidebar's at 1280 px, the rail's panel on a phone. */
async function marketWatch(page: Page, width: number): Promise<Locator> {
  if (width >= 768) return page.getByRole('complementary', { name: 'Sidebar' }).getByRole('region', { name: 'Market Watch' });
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Market Watch' }).click();
  return page.getByRole('complementary', { name: 'Market Watch' });
}

const row = (watch: Locator, symbol: string) => watch.locator(`[data-testid="market-watch-row"][data-symbol="${symbol}"]`);

/** How much smaller the last digit is printed than the rest of the price (1 when it is not). */
const pipetteScale = (price: Locator) =>
  price.evaluate((el) => {
    const digits = el.querySelector('[data-price]');
    const last = digits?.lastElementChild;
    if (!digits || !last) return 1;
    return Number.parseFloat(getComputedStyle(last).fontSize) / Number.parseFloat(getComputedStyle(digits).fontSize);
  });

for (const width of [1280, 375]) {
  test(`EUR/USD reads with 5 decimals and its spread in market watch and on the buttons at ${width} px`, async ({ page, baseURL }) => {
    test.slow();
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await openNewRoom(page, baseURL!);
    const watch = await marketWatch(page, width);
    const eurusd = row(watch, 'EUR/USD');
    await expect(eurusd.getByTestId('bid')).toHaveText(FIVE);
    const [bid, ask] = [await eurusd.getByTestId('bid').textContent(), await eurusd.getByTestId('ask').textContent()];
    expect(Number(ask)).toBeGreaterThan(Number(bid));
    // The fractional pip is printed smaller, as trading platforms do; a coin has none.
    expect(await pipetteScale(eurusd.getByTestId('bid'))).toBeLessThan(0.9);
    const search = watch.getByRole('textbox', { name: 'Search Market Watch' });
    await search.fill('bitcoin');
    await expect(row(watch, 'BTC/USD').getByTestId('bid')).toHaveText(TWO);
    expect(await pipetteScale(row(watch, 'BTC/USD').getByTestId('bid'))).toBe(1);
    await search.fill('');

    await eurusd.getByRole('button', { name: /EUR\/USD/ }).first().click();
    await expect(page.getByTestId('buy-price')).toHaveText(FIVE);
    await expect(page.getByTestId('sell-price')).toHaveText(FIVE);
    const [sell, buy] = [Number(await page.getByTestId('sell-price').textContent()), Number(await page.getByTestId('buy-price').textContent())];
    expect(buy).toBeGreaterThan(sell);
    expect(await pipetteScale(page.getByTestId('buy-price'))).toBeLessThan(0.9);
  });
}

test('the ticket, TP/SL dialog and positions keep the instrument’s digits and step by one point', async ({ page, baseURL }) => {
  // Four screens each checked with axe at two widths, on a machine the price feed keeps busy.
  test.setTimeout(300_000);
  const token = await openNewRoom(page, baseURL!);
  const watch = await marketWatch(page, 1280);
  await row(watch, 'EUR/USD').getByRole('button', { name: /EUR\/USD/ }).first().click();
  await expect(page.getByTestId('buy-price')).toHaveText(FIVE);
  await screenshots(page, 'prices-market-watch');

  await page.getByTestId('targets-button').click();
  const dialog = page.getByRole('dialog', { name: 'Take profit / Stop loss' });
  const takeProfit = dialog.getByLabel('Take profit');
  await expect(takeProfit).toHaveAttribute('step', '0.00001');
  await dialog.getByRole('button', { name: 'Default' }).click();
  await expect(takeProfit).toHaveValue(FIVE);
  await expect(dialog.getByLabel('Stop loss')).toHaveValue(FIVE);
  const preset = await takeProfit.inputValue();
  await takeProfit.fill(`${preset}3`);
  await expect(dialog.getByText('Enter a price with at most 5 decimals.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await screenshots(page, 'prices-tpsl-dialog');
  await takeProfit.fill(preset);
  await expect(dialog.getByText('Enter a price with at most 5 decimals.')).toBeHidden();
  await dialog.getByRole('button', { name: 'Clear' }).click();

  await page.getByTestId('pending-button').click();
  const pending = page.getByRole('dialog', { name: 'Pending order' });
  await pending.getByRole('radio', { name: 'Price' }).click();
  await expect(pending.getByLabel('Entry price')).toHaveAttribute('step', '0.00001');
  await expect(pending.getByLabel('Entry price')).toHaveValue(FIVE);
  await expect(pending.getByTestId('pending-kind')).toContainText(/Market: bid \d\.\d{5}, ask \d\.\d{5}\./);
  await pending.getByRole('button', { name: 'Revert to Market Price' }).click();

  // A position on EUR/USD while its market is open, else on BTC/USD (crypto trades every day).
  const assets = (await apiCall<{ data: Asset[] }>(baseURL!, 'GET', '/assets', { token })).data;
  const forexOpen = isMarketOpen('forex', new Date());
  const traded = assets.find((a) => a.symbol_display === (forexOpen ? 'EUR/USD' : 'BTC/USD'))!;
  const level = (factor: number) => Number((traded.buy_price * factor).toFixed(traded.digits));
  const body = { type: 'buy', id: traded.asset_id, volume: 0.01, opening_price: traded.buy_price, take_profit: level(1.01), stop_loss: level(0.99), asset_symbol: traded.symbol, asset_name: traded.symbol_display };
  await apiCall(baseURL!, 'POST', '/trades/store', { token, body });
  const position = page.getByTestId('positions-drawer').getByTestId('position-row').first();
  const digits = forexOpen ? FIVE : TWO;
  await expect(position.getByTestId('position-price')).toHaveText(digits, { timeout: 20_000 });
  await expect(position.getByTestId('position-tp')).toHaveText(digits);
  await expect(position.getByTestId('position-sl')).toHaveText(digits);
  await screenshots(page, 'prices-positions');
});
