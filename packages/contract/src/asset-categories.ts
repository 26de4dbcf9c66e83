// No zod here: the client's first page load needs the categories, not the settings' schemas.

/** Asset categories: the keys of the site data's leverage map (SPEC §3 Site data `leverage`). */
export const assetCategories = ['cryptos', 'stocks', 'indices', 'commodities', 'metals', 'forex'] as const;
