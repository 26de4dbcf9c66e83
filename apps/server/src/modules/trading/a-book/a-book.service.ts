import type { VenueStatus } from '@bourse/contract';
import type { AppContext } from '../../../app-context.ts';
import { aBookDeskOf } from './a-book-desk.ts';

/** The execution venues for the back office; none on a node that runs no A-book desk. */
export async function venueStatuses(ctx: AppContext): Promise<VenueStatus[]> {
  return (await aBookDeskOf(ctx)?.status()) ?? [];
}
