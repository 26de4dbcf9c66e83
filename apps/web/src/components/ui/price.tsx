import { formatPrice, priceParts, type PricePrecision } from '@bourse/contract';
import { cn } from '@/lib/cn';

/**
 * A price with its instrument's digits. A currency pair's fractional pip (the fifth decimal, the
 * third of a yen pair) is printed smaller and raised, as trading platforms do, so the pip reads at
 * a glance. Without a known precision the price shows as the server sent it.
 */
export function Price({ value, precision, className }: { value: number | null | undefined; precision: PricePrecision | null; className?: string }) {
  if (!precision) return <span className={className}>{value == null ? '—' : String(value)}</span>;
  const { text, main, pipette } = priceParts(value, precision);
  if (!pipette) return <span className={className}>{text}</span>;
  return (
    <span className={cn('whitespace-nowrap', className)} data-price={text}>
      {main}
      <span className="align-super text-[0.7em] leading-none">{pipette}</span>
    </span>
  );
}

/** The text of a price where a string is needed (labels, messages); see {@link Price}. */
export function priceText(value: number | null | undefined, precision: PricePrecision | null): string {
  return precision ? formatPrice(value, precision.digits) : value == null ? '—' : String(value);
}
