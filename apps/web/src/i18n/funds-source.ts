import type { FundsSource } from '@bourse/contract';
import { msg } from './i18n';

/** The fixed list of sources of funds a customer declares, marked for the catalogue; the client area and the back office show the same words. */
export const fundsSourceLabels: Record<FundsSource, string> = {
  salary: msg('Salary or pension'),
  savings: msg('Savings'),
  investments: msg('Investments'),
  business_income: msg('Business income'),
  inheritance_gift: msg('Inheritance or gift'),
  property_sale: msg('Sale of property'),
  other: msg('Other'),
};
