import { leverageCategoryOf, type Asset, type LeverageMap } from '@bourse/contract';
import { resolveLeverage, type BidAsk } from '@bourse/domain';
import { useAssetStore } from '@/stores/asset-store';
import { quoteOf, useConversion } from '@/stores/quotes';
import { useSelectedAccount, useSession } from '@/stores/session-store';
import { useSiteData } from '@/stores/site-data-store';
import { priceTicks, useTick } from '@/stores/tick-store';

/**
 * SPEC §9 trading leverage as the server resolves it: the per-category setting, else the asset's,
 * else the plan's (else 20); capped by the asset's and the plan's maximum.
 */
export function leverageFor(asset: Pick<Asset, 'type' | 'leverage'>, map: LeverageMap, planLeverage: number | null): number {
  return resolveLeverage({
    category: map[leverageCategoryOf[asset.type]],
    asset: asset.leverage,
    plan: planLeverage,
    instrumentMax: asset.leverage,
    planMax: planLeverage,
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
};

/** The order form's market, re-read on every tick of the active asset. */
export function useOrderContext(of?: Asset | null): OrderContext {
  // Another instrument's market when given (a chart of the room that is not the selected pair's).
  const active = useAssetStore((s) => s.activeAsset);
  const asset = of === undefined ? active : of;
  const tick = useTick(asset?.asset_id);
  const account = useSelectedAccount();
  const currency = account?.currency ?? 'USD';
  const map = useSiteData((s) => s.leverage);
  const plan = useSession((s) => s.user?.account_type.leverage ?? null);
  const conversion = useConversion(asset?.quote_currency, currency);
  return {
    asset,
    quote: asset ? quoteOf(asset, tick) : null,
    leverage: asset ? leverageFor(asset, map, plan) : 1,
    conversion,
    accountId: account?.id ?? null,
    currency,
  };
}

/** The active asset's quote right now (for a submit, which must not use a render-old price). */
export function latestQuote(asset: Asset): BidAsk {
  return quoteOf(asset, priceTicks.get(asset.asset_id));
}
