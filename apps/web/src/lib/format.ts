/** Money with 2 decimals (SPEC §9 "currency 2 decimals"). Accepts the server's decimal strings. */
export function formatMoney(value: string | number, currency = 'USD'): string {
  const n = typeof value === 'string' ? Number(value) : value;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number.isFinite(n) ? n : 0,
  );
}

/** A price with a fixed number of decimals (5 in orders, 4 on header buttons, 3 in market watch). */
export function formatPrice(value: number | null | undefined, digits: number): string {
  return value == null || !Number.isFinite(value) ? '—' : value.toFixed(digits);
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');
}
