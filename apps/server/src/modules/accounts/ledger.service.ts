/** What other modules use of the ledger: posting an entry in their own transaction. */
export { type JournalKind, postEntry } from './ledger.repository.ts';
