import { type ClientCategory, leverageCategoryOf, type Asset, type LeverageMap } from '@bourse/contract';
import { clientCeiling, type LeveragePreset, markedQuote, type MarkupMap, resolveLeverage, type BidAsk } from '@bourse/domain';
import { groupMarkupOn, useGroupMarkup } from '@/stores/account-summary-store';
import { useAssetStore } from '@/stores/asset-store';
import { quoteOf, useConversion } from '@/stores/quotes';
import { useSelectedAccount, useSession } from '@/stores/session-store';
import { useSiteData } from '@/stores/site-data-store';
import { useSiteSettings } from '@/stores/settings-store';
import { priceTicks, useTick } from '@/stores/tick-store';

/** Who trades, for the regulatory ceiling: the site's preset and the client's category. */
export type RegulatoryClient = { preset: LeveragePreset; category: ClientCategory };

/**
 * SPEC §9 trading leverage as the server resolves it: the per-category setting, else the asset's,
 * else the plan's (else 20); capped by the asset's and the plan's maximum, and for a retail client
 * by the site's regulatory preset for the asset's class.
 */
export function leverageFor(asset: Pick<Asset, 'type' | 'leverage' | 'symbol' | 'category'>, map: LeverageMap, planLeverage: number | null, client?: RegulatoryClient): number {
  const category = leverageCategoryOf[asset.type];
  return resolveLeverage({
    category: map[category],
    asset: asset.leverage,
    plan: planLeverage,
    instrumentMax: asset.leverage,
    planMax: planLeverage,
    regulatoryMax: client ? clientCeiling(client.preset, client.category, { category, symbol: asset.symbol, subcategory: asset.category }) : null,
  });
}

/** The market an order is placed in: active asset, live quote, leverage and conversion into the account currency. */
export type OrderContext = {
  asset: Asset | null;
  quote: BidAsk | null;
  leverage: number;
  conversion: number | null;
  accountId: number | null;
  currency: string;
  /** The account's group's markup on the active asset, a price distance on each side (already in `quote`). */
  markup: number;
  /** The account's group's markup by asset class or instrument symbol. */
  markupMap: MarkupMap;
};

/** The order form's market, re-read on every tick of the active asset: the quote is the one the account trades at, its group's markup included. */
export function useOrderContext(of?: Asset | null): OrderContext {
  // Another instrument's market when given (a chart of the room that is not the selected pair's).
  const active = useAssetStore((s) => s.activeAsset);
  const asset = of === undefined ? active : of;
  const tick = useTick(asset?.asset_id);
  const account = useSelectedAccount();
  const currency = account?.currency ?? 'USD';
  const map = useSiteData((s) => s.leverage);
  const plan = useSession((s) => s.user?.account_type.leverage ?? null);
  const clientCategory = useSession((s) => s.user?.client_category ?? 'retail');
  // Settings kept from before the preset existed have none: the server's ceiling applies all the same.
  const preset = useSiteSettings((s) => s.settings?.leverage_preset ?? 'none');
  const conversion = useConversion(asset?.quote_currency, currency);
  const groupMarkup = useGroupMarkup();
  const markup = asset ? groupMarkupOn(asset, groupMarkup) : 0;
  return {
    asset,
    quote: asset ? markedQuote(quoteOf(asset, tick), markup) : null,
    leverage: asset ? leverageFor(asset, map, plan, { preset, category: clientCategory }) : 1,
    conversion,
    accountId: account?.id ?? null,
    currency,
    markup,
    markupMap: groupMarkup,
  };
}

/** The active asset's quote right now, widened by the group's `markup` (for a submit, which must not use a render-old price). */
export function latestQuote(asset: Asset, markup: number): BidAsk {
  return markedQuote(quoteOf(asset, priceTicks.get(asset.asset_id)), markup);
}
