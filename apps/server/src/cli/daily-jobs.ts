/**
 * The daily jobs an operator may run again for a given day (`bourse rerun-job`): each does a day's
 * work at most once however often it runs (a unique row or a moved date decides, in the
 * transaction that posts the money), so a second run only does what the first left undone. Hourly
 * equity snapshots are not here: they record the equity at the prices of the moment, which a later
 * run cannot know for a past hour. Names and descriptions only, so `help` loads no job.
 */
export const DAILY_JOBS = [
  { name: 'swap-rollover', about: "charges the swaps of the day's rollover to the positions held at it and not charged for it yet" },
  { name: 'savings-interest', about: "pays the day's savings interest to each savings balance not paid for that day yet (at today's balances and rate)" },
  {
    name: 'marketplace-renewals',
    about: 'renews the monthly marketplace purchases due by the end of the day, each period once (a purchase the free margin cannot pay lapses)',
  },
] as const;

export type DailyJobName = (typeof DAILY_JOBS)[number]['name'];

export const rerunJobUsage = 'rerun-job <job> --day YYYY-MM-DD';
