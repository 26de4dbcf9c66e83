/** Constants quoted from SPEC §9; one place for every number the client uses. */
export const API_TIMEOUT_MS = 15_000;
export const BOOTSTRAP_DELAY_MS = 100;
export const LOADING_TICK_MS = 30;
export const HEARTBEAT_MS = 60_000;
export const TRADE_POLL_MS = 30_000;
export const RETRY_MS = 5_000;
export const CHAT_POLL_MS = 5_000;
export const ADMIN_USERS_REFRESH_MS = 30_000;
export const TOP_OF_LIST_PX = 100;
export const SCROLL_STEP_PX = 200;
export const PRICE_FLASH_MS = 2_200;
export const MOBILE_BREAKPOINT_PX = 768;

export const TOAST = {
  durationMs: 4_000,
  visible: 3,
  widthPx: 356,
  gapPx: 14,
  swipeThresholdPx: 45,
  removeDelayMs: 200,
  orderSuccessMs: 3_000,
  orderErrorMs: 5_000,
} as const;

export const PRICE_SOCKET = { attempts: 5, delayMs: 2_000, timeoutMs: 10_000 } as const;

export const DEFAULT_BRAND = 'Bourse';
export const DEFAULT_ASSET_TV_SYMBOL = 'BITSTAMP:BTCUSD';
export const DEFAULT_PAIR = 'BTC/USD';
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_PLAN_LABEL = 'Basic';
/** SPEC §9: the header shows 'STANDARD' where a plan has no title. */
export const HEADER_PLAN_LABEL = 'STANDARD';

/** Browser storage names (SPEC §3 "Cache names"). */
export const STORAGE = {
  user: 'user-storage',
  settings: 'site-settings-storage',
  assets: 'asset-storage',
  registration: 'registration_data',
  currency: 'currency-storage',
  watchlist: 'watchlist-storage',
  /** The device's theme choice as a plain word (public/theme-boot.js reads it before the app loads). */
  theme: 'theme-storage',
  /** The device's language choice (an ISO 639-1 code). */
  language: 'language-storage',
  /** The trading room's layout, one entry per user: `room-layout:<user id>`. */
  roomLayout: 'room-layout',
} as const;

/** Paths where the account gates and the initial data fetch do not apply (SPEC §2). */
export const PUBLIC_PATHS = ['/register/country-residence', '/signup', '/', '/login', '/auto-login', '/register', '/forgot-password'];
/** Paths where a 401 does not force a redirect (SPEC §2). */
export const NO_401_REDIRECT_PATHS = ['/', '/login', '/register', '/forgot-password'];

export const isPublicPath = (pathname: string) => PUBLIC_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
