/**
 * Instruments that are not in the CSV files: forex, crypto, stock indices, commodities and metals,
 * with approximate reference prices (mid, in the quote currency) and TradingView symbols.
 */

/** [base, quote, reference price] */
export type FxPair = [string, string, number];

export const forexMajors: FxPair[] = [
  ['EUR', 'USD', 1.085], ['GBP', 'USD', 1.27], ['USD', 'JPY', 151.5], ['USD', 'CHF', 0.885],
  ['AUD', 'USD', 0.66], ['USD', 'CAD', 1.365], ['NZD', 'USD', 0.605],
];

export const forexMinors: FxPair[] = [
  ['EUR', 'GBP', 0.855], ['EUR', 'JPY', 164.3], ['EUR', 'CHF', 0.96], ['EUR', 'AUD', 1.645], ['EUR', 'CAD', 1.48],
  ['EUR', 'NZD', 1.795], ['GBP', 'JPY', 192.4], ['GBP', 'CHF', 1.124], ['GBP', 'AUD', 1.925], ['GBP', 'CAD', 1.734],
  ['GBP', 'NZD', 2.1], ['AUD', 'JPY', 99.9], ['AUD', 'CHF', 0.584], ['AUD', 'CAD', 0.901], ['AUD', 'NZD', 1.091],
  ['CAD', 'JPY', 111.0], ['CAD', 'CHF', 0.648], ['CHF', 'JPY', 171.2], ['NZD', 'JPY', 91.6], ['NZD', 'CHF', 0.535],
  ['NZD', 'CAD', 0.826],
];

export const forexExotics: FxPair[] = [
  ['USD', 'TRY', 34.2], ['USD', 'ZAR', 18.3], ['USD', 'MXN', 17.6], ['USD', 'SEK', 10.5], ['USD', 'NOK', 10.7],
  ['USD', 'DKK', 6.88], ['USD', 'SGD', 1.345], ['USD', 'HKD', 7.82], ['USD', 'PLN', 3.98], ['USD', 'HUF', 362],
  ['USD', 'CZK', 23.1], ['USD', 'CNH', 7.24], ['USD', 'INR', 83.4], ['USD', 'THB', 35.8], ['USD', 'ILS', 3.72],
  ['USD', 'BRL', 5.05], ['USD', 'KRW', 1355], ['USD', 'IDR', 15850], ['USD', 'PHP', 56.4], ['USD', 'CLP', 935],
  ['USD', 'COP', 3950], ['USD', 'KES', 131], ['USD', 'NGN', 1480], ['USD', 'EGP', 47.8], ['USD', 'AED', 3.6725],
  ['USD', 'SAR', 3.75], ['EUR', 'TRY', 37.1], ['EUR', 'PLN', 4.32], ['EUR', 'SEK', 11.4], ['EUR', 'NOK', 11.6],
  ['EUR', 'HUF', 393], ['EUR', 'ZAR', 19.9], ['EUR', 'CZK', 25.1], ['EUR', 'DKK', 7.46], ['GBP', 'ZAR', 23.2],
  ['GBP', 'TRY', 43.4], ['GBP', 'SGD', 1.71], ['AUD', 'SGD', 0.888], ['SGD', 'JPY', 112.6], ['NOK', 'SEK', 0.98],
];

/** [base, quote, reference price, TradingView symbol, name] */
export type CryptoPair = [string, string, number, string, string];

export const cryptoPairs: CryptoPair[] = [
  ['BTC', 'USD', 65200, 'BITSTAMP:BTCUSD', 'Bitcoin'],
  ['ETH', 'USD', 3150, 'BITSTAMP:ETHUSD', 'Ethereum'],
  ['XRP', 'USD', 0.54, 'BITSTAMP:XRPUSD', 'XRP'],
  ['LTC', 'USD', 82, 'BITSTAMP:LTCUSD', 'Litecoin'],
  ['BCH', 'USD', 410, 'BITSTAMP:BCHUSD', 'Bitcoin Cash'],
  ['SOL', 'USD', 152, 'COINBASE:SOLUSD', 'Solana'],
  ['ADA', 'USD', 0.46, 'COINBASE:ADAUSD', 'Cardano'],
  ['DOGE', 'USD', 0.125, 'COINBASE:DOGEUSD', 'Dogecoin'],
  ['DOT', 'USD', 6.6, 'COINBASE:DOTUSD', 'Polkadot'],
  ['LINK', 'USD', 14.2, 'COINBASE:LINKUSD', 'Chainlink'],
  ['AVAX', 'USD', 31, 'COINBASE:AVAXUSD', 'Avalanche'],
  ['POL', 'USD', 0.52, 'COINBASE:POLUSD', 'Polygon'],
  ['XLM', 'USD', 0.11, 'COINBASE:XLMUSD', 'Stellar'],
  ['UNI', 'USD', 8.1, 'COINBASE:UNIUSD', 'Uniswap'],
  ['ATOM', 'USD', 8.3, 'COINBASE:ATOMUSD', 'Cosmos'],
  ['ETC', 'USD', 25.5, 'COINBASE:ETCUSD', 'Ethereum Classic'],
  ['FIL', 'USD', 5.4, 'COINBASE:FILUSD', 'Filecoin'],
  ['AAVE', 'USD', 98, 'COINBASE:AAVEUSD', 'Aave'],
  ['ALGO', 'USD', 0.18, 'COINBASE:ALGOUSD', 'Algorand'],
  ['NEAR', 'USD', 5.2, 'COINBASE:NEARUSD', 'NEAR Protocol'],
  ['APT', 'USD', 8.4, 'COINBASE:APTUSD', 'Aptos'],
  ['ARB', 'USD', 0.92, 'COINBASE:ARBUSD', 'Arbitrum'],
  ['OP', 'USD', 2.1, 'COINBASE:OPUSD', 'Optimism'],
  ['SHIB', 'USD', 0.0000215, 'COINBASE:SHIBUSD', 'Shiba Inu'],
  ['XTZ', 'USD', 0.92, 'COINBASE:XTZUSD', 'Tezos'],
  ['MKR', 'USD', 2480, 'COINBASE:MKRUSD', 'Maker'],
  ['COMP', 'USD', 56, 'COINBASE:COMPUSD', 'Compound'],
  ['SUSHI', 'USD', 1.05, 'COINBASE:SUSHIUSD', 'SushiSwap'],
  ['SAND', 'USD', 0.41, 'COINBASE:SANDUSD', 'The Sandbox'],
  ['MANA', 'USD', 0.42, 'COINBASE:MANAUSD', 'Decentraland'],
  ['AXS', 'USD', 6.3, 'COINBASE:AXSUSD', 'Axie Infinity'],
  ['GRT', 'USD', 0.21, 'COINBASE:GRTUSD', 'The Graph'],
  ['CRV', 'USD', 0.41, 'COINBASE:CRVUSD', 'Curve DAO'],
  ['SNX', 'USD', 2.4, 'COINBASE:SNXUSD', 'Synthetix'],
  ['BAT', 'USD', 0.22, 'COINBASE:BATUSD', 'Basic Attention Token'],
  ['ZEC', 'USD', 31, 'COINBASE:ZECUSD', 'Zcash'],
  ['DASH', 'USD', 28, 'KRAKEN:DASHUSD', 'Dash'],
  ['XMR', 'USD', 152, 'KRAKEN:XMRUSD', 'Monero'],
  ['TRX', 'USD', 0.122, 'KRAKEN:TRXUSD', 'TRON'],
  ['EOS', 'USD', 0.72, 'KRAKEN:EOSUSD', 'EOS'],
  ['BTC', 'EUR', 60100, 'BITSTAMP:BTCEUR', 'Bitcoin'],
  ['ETH', 'EUR', 2905, 'BITSTAMP:ETHEUR', 'Ethereum'],
  ['BTC', 'GBP', 51300, 'COINBASE:BTCGBP', 'Bitcoin'],
  ['ETH', 'BTC', 0.0483, 'BITSTAMP:ETHBTC', 'Ethereum'],
  ['LTC', 'BTC', 0.00126, 'BITSTAMP:LTCBTC', 'Litecoin'],
];

/** [symbol, name, reference price, quote currency, TradingView symbol] */
export type Listed = [string, string, number, string, string];

export const stockIndices: Listed[] = [
  ['US500', 'S&P 500', 5230, 'USD', 'SP:SPX'],
  ['US100', 'Nasdaq 100', 18250, 'USD', 'NASDAQ:NDX'],
  ['US30', 'Dow Jones Industrial Average', 39100, 'USD', 'TVC:DJI'],
  ['US2000', 'Russell 2000', 2060, 'USD', 'TVC:RUT'],
  ['GER40', 'DAX 40', 18200, 'EUR', 'XETR:DAX'],
  ['UK100', 'FTSE 100', 8050, 'GBP', 'TVC:UKX'],
  ['FRA40', 'CAC 40', 7950, 'EUR', 'EURONEXT:PX1'],
  ['EU50', 'Euro Stoxx 50', 4950, 'EUR', 'TVC:SX5E'],
  ['ESP35', 'IBEX 35', 11050, 'EUR', 'BME:IBC'],
  ['ITA40', 'FTSE MIB', 33900, 'EUR', 'INDEX:FTSEMIB'],
  ['NL25', 'AEX 25', 885, 'EUR', 'EURONEXT:AEX'],
  ['SUI20', 'Swiss Market Index', 11600, 'CHF', 'SIX:SMI'],
  ['JPN225', 'Nikkei 225', 38500, 'JPY', 'TVC:NI225'],
  ['HK50', 'Hang Seng', 17300, 'HKD', 'TVC:HSI'],
  ['AUS200', 'S&P/ASX 200', 7820, 'AUD', 'ASX:XJO'],
  ['CN50', 'FTSE China A50', 12400, 'USD', 'SGX:CN1!'],
  ['IND50', 'Nifty 50', 22400, 'INR', 'NSE:NIFTY'],
  ['CA60', 'S&P/TSX 60', 1320, 'CAD', 'TSX:TX60'],
];

/** [symbol, name, reference price, contract size, TradingView symbol] */
export type Futures = [string, string, number, number, string];

export const energy: Futures[] = [
  ['USOIL', 'WTI Crude Oil', 78.4, 1000, 'TVC:USOIL'],
  ['UKOIL', 'Brent Crude Oil', 82.6, 1000, 'TVC:UKOIL'],
  ['NGAS', 'Natural Gas', 2.48, 10_000, 'NYMEX:NG1!'],
  ['HEATOIL', 'Heating Oil', 2.61, 42_000, 'NYMEX:HO1!'],
  ['GASOLINE', 'RBOB Gasoline', 2.52, 42_000, 'NYMEX:RB1!'],
];

export const agriculture: Futures[] = [
  ['WHEAT', 'Wheat', 5.82, 5000, 'CBOT:ZW1!'],
  ['CORNF', 'Corn', 4.41, 5000, 'CBOT:ZC1!'],
  ['SOYBEAN', 'Soybeans', 11.82, 5000, 'CBOT:ZS1!'],
  ['SOYOIL', 'Soybean Oil', 0.44, 60_000, 'CBOT:ZL1!'],
  ['OATS', 'Oats', 3.62, 5000, 'CBOT:ZO1!'],
  ['COFFEE', 'Coffee Arabica', 2.05, 37_500, 'ICEUS:KC1!'],
  ['SUGAR', 'Sugar No. 11', 0.2, 112_000, 'ICEUS:SB1!'],
  ['COCOA', 'Cocoa', 7950, 10, 'ICEUS:CC1!'],
  ['COTTON', 'Cotton No. 2', 0.81, 50_000, 'ICEUS:CT1!'],
  ['OJ', 'Orange Juice', 3.55, 15_000, 'ICEUS:OJ1!'],
  ['CATTLE', 'Live Cattle', 1.86, 40_000, 'CME:LE1!'],
  ['HOGS', 'Lean Hogs', 0.92, 40_000, 'CME:HE1!'],
];

export const preciousMetals: Futures[] = [
  ['XAUUSD', 'Gold', 2345, 100, 'OANDA:XAUUSD'],
  ['XAGUSD', 'Silver', 28.2, 5000, 'OANDA:XAGUSD'],
  ['XPTUSD', 'Platinum', 985, 50, 'OANDA:XPTUSD'],
  ['XPDUSD', 'Palladium', 1010, 100, 'OANDA:XPDUSD'],
  ['XAUEUR', 'Gold / Euro', 2162, 100, 'OANDA:XAUEUR'],
  ['XAGEUR', 'Silver / Euro', 26.0, 5000, 'OANDA:XAGEUR'],
];

export const industrialMetals: Futures[] = [
  ['COPPER', 'Copper', 4.52, 25_000, 'COMEX:HG1!'],
  ['ALUMINIUM', 'Aluminium', 2420, 25, 'COMEX:ALI1!'],
  ['ZINC', 'Zinc', 2760, 25, 'LME:ZSD1!'],
  ['NICKEL', 'Nickel', 17_600, 6, 'LME:NI1!'],
];
