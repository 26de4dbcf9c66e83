import type { AppContext } from '../../../app-context.ts';
import { marketOf } from '../market.runtime.ts';
import type { VenueBook } from './venue-book.ts';

export { customerPrice, type GroupExecution, providerLimit, type Route, type Venue, type VenueBook } from './venue-book.ts';
export type { VenueResult } from './venue-types.ts';

/** The execution venues of this node's market, if its configuration names any. */
export function venuesOf(ctx: AppContext): VenueBook | null {
  try {
    return marketOf(ctx).venues;
  } catch {
    return null;
  }
}
