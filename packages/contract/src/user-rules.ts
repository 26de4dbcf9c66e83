/**
 * Who is who and what an account may do, as plain functions without a schema: the web client's
 * first download (its gates and session) reads them without the validation library, which loads
 * with the screens that check input.
 */

export const roles = ['customer', 'support', 'admin', 'dealer'] as const;
export type Role = (typeof roles)[number];
/** The back office's people: support answers chats and reads everything; only admins decide and configure. */
export const isStaff = (r: Role | undefined | null) => r === 'admin' || r === 'support';
/** The dealing desk's people: dealers see and act on the desk (exposure, hedges, desk reports) and nothing else of the back office; admins too. */
export const isDesk = (r: Role | undefined | null) => r === 'admin' || r === 'dealer';
/** Who enters the back office at all: staff, and dealers (who see only the Dealing page). */
export const isBackOffice = (r: Role | undefined | null) => isStaff(r) || r === 'dealer';

/** Whether money and orders may use a trading account: not while it awaits approval, nor once rejected. */
export const accountUsable = (a: { status: string }) => a.status === 'active';
