import type { AssetCategory, AssetType, CustomerGroup, SwapTripleDay, SwapUnitName } from '@bourse/contract';
import { msg } from '@/i18n/i18n';

/** The asset classes a group's leverage and allowed instruments are set by, shown with `t()`. */
export const categoryLabels: Record<AssetCategory, string> = {
  forex: msg('Forex'),
  cryptos: msg('Crypto'),
  indices: msg('Indices'),
  stocks: msg('Stocks'),
  commodities: msg('Commodities'),
  metals: msg('Metals'),
};

/** Instrument types, as the swap rates filter lists them. */
export const assetTypeLabels: Record<AssetType, string> = {
  forex: msg('Forex'),
  crypto: msg('Crypto'),
  indices: msg('Indices'),
  stocks: msg('Stocks'),
  commodities: msg('Commodities'),
  metals: msg('Metals'),
};

export const commissionModeLabels: Record<CustomerGroup['commission_mode'], string> = {
  none: msg('None'),
  per_lot: msg('Per lot'),
  per_million: msg('Per million'),
};

export const executionLabels: Record<CustomerGroup['execution'], string> = {
  route: msg('Instrument’s route'),
  b_book: msg('B-book (house)'),
  a_book: msg('A-book (venue)'),
};

export const executionHints: Record<CustomerGroup['execution'], string> = {
  route: msg('Each instrument’s own routing decides where its orders are filled.'),
  b_book: msg('The house fills every order of the group, whatever the instrument’s routing.'),
  a_book: msg('Every order of the group goes to the instrument’s venue; instruments without one are filled by the house.'),
};

export const swapUnitLabels: Record<SwapUnitName, string> = {
  percent: msg('% a year'),
  points: msg('Points per lot'),
};

export const weekdayLabels: Record<SwapTripleDay, string> = {
  monday: msg('Monday'),
  tuesday: msg('Tuesday'),
  wednesday: msg('Wednesday'),
  thursday: msg('Thursday'),
  friday: msg('Friday'),
};
