import { useTranslation } from 'react-i18next';
import type { Trade } from '@bourse/contract';
import { useMarketplaceItems } from '@/features/marketplace/api/marketplace';
import { useRobots } from './api/robots';

/** Who placed a trade the customer did not: the advisor's name, or the Auto Trader. */
export function usePlacedBy(trade: Pick<Trade, 'placed_by' | 'robot_id'>): string {
  const { t } = useTranslation();
  const robot = useRobots().data?.robots.find((r) => r.id === trade.robot_id);
  const advisor = useMarketplaceItems().data?.find((i) => i.id === robot?.ea_id);
  if (trade.placed_by === 'autotrader') return t('Auto Trader');
  // A deactivated robot's settings are gone; its trades still say a robot placed them.
  return advisor?.name ?? t('Expert Advisor');
}
