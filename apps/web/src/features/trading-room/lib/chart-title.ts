const letters = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '').toUpperCase();

/** The chart's title: the symbol, then the instrument's name where it says more (a currency pair's name is its symbol). */
export function chartTitle({ symbol_display, name }: { symbol_display: string; name: string }): string {
  return !name.trim() || letters(name) === letters(symbol_display) ? symbol_display : `${symbol_display} · ${name}`;
}
