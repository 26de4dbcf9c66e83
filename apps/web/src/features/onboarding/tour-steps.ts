import { msg } from '@/i18n/i18n';

/** One stop of the tour: the room element it points at (`data-tour`), and what it says there. */
export type TourStep = { target: string; title: string; text: string };

/** The trading room's first-visit tour, in the order a first trade needs it. */
export const tourSteps: readonly TourStep[] = [
  {
    target: 'pairs',
    title: msg('Welcome to your trading room'),
    text: msg('Each tab is an instrument. Add one with +; the chart and the order buttons follow the tab you pick.'),
  },
  { target: 'order', title: msg('Buy and sell'), text: msg('Set the volume in lots, then buy at the ask or sell at the bid. Each fill comes with its receipt.') },
  { target: 'chart', title: msg('The chart'), text: msg('Live prices, with your positions, orders and alerts drawn on them. Pick the interval above the chart.') },
  { target: 'market-watch', title: msg('Market watch'), text: msg('Search every instrument and open any of them in a tab.') },
  {
    target: 'account',
    title: msg('Your account'),
    text: msg('Balance, equity and free margin follow every tick. Your demo account is ready for a first trade. Press ? any time for the keyboard shortcuts.'),
  },
];

/** The steps whose element is on screen now: a phone shows no sidebar, so its step is left out. */
export function visibleSteps(steps: readonly TourStep[], find: (target: string) => Element | null): TourStep[] {
  return steps.filter((step) => {
    const rect = find(step.target)?.getBoundingClientRect();
    return Boolean(rect && rect.width > 0 && rect.height > 0);
  });
}
