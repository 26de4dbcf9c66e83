import type { TFunction } from 'i18next';
import { type AuditEntry, auditActionLabel } from '@bourse/contract';
import { msg } from '@/i18n/i18n';

/** The contract's names of the audit actions (`auditActionLabels`), marked for the catalogue. */
const actionLabels: Record<string, string> = {
  'account.adjusted': msg('Balance adjusted'),
  'account.opened': msg('Account opened'),
  'account.reset': msg('Demo account reset'),
  'autotrader.approved': msg('Auto Trader approved'),
  'autotrader.rejected': msg('Auto Trader rejected'),
  'catalogue.created': msg('Catalogue item created'),
  'catalogue.edited': msg('Catalogue item edited'),
  'deposit.approved': msg('Deposit approved'),
  'deposit.cancelled': msg('Deposit cancelled'),
  'deposit.completed': msg('Deposit completed'),
  'deposit.declined': msg('Deposit declined'),
  'deposit.rejected': msg('Deposit rejected'),
  'deposit.requested': msg('Deposit requested'),
  'leverage.updated': msg('Leverage changed'),
  'plan.approved': msg('Plan approved'),
  'plan.rejected': msg('Plan rejected'),
  'preferences.updated': msg('Preferences changed'),
  'profile.avatar_changed': msg('Profile picture changed'),
  'profile.avatar_removed': msg('Profile picture removed'),
  'profile.updated': msg('Profile changed'),
  'savings.deposited': msg('Moved to savings'),
  'savings.withdrawn': msg('Taken from savings'),
  'security.email_change_requested': msg('E-mail change requested'),
  'security.email_changed': msg('E-mail changed'),
  'security.other_sessions_ended': msg('Other sessions signed out'),
  'security.password_changed': msg('Password changed'),
  'security.recovery_code_used': msg('Recovery code used'),
  'security.session_ended': msg('Session signed out'),
  'security.two_factor_disabled': msg('Two-factor sign-in turned off'),
  'security.two_factor_enabled': msg('Two-factor sign-in turned on'),
  'hedge.placed': msg('Hedge placed'),
  'hedge_rule.removed': msg('Hedging rule removed'),
  'hedge_rule.set': msg('Hedging rule set'),
  'swap_rate.removed': msg('Swap rate removed'),
  'swap_rate.set': msg('Swap rate set'),
  'settings.updated': msg('Site settings changed'),
  'transfer.completed': msg('Transfer completed'),
  'user.active': msg('Client approved'),
  'user.deactivated': msg('Client deactivated'),
  'user.pending': msg('Client put under review'),
  'user.login_link_issued': msg('Sign-in link issued'),
  'user.role_admin': msg('Made an admin'),
  'user.role_customer': msg('Made a customer'),
  'user.role_dealer': msg('Made a dealer'),
  'user.role_support': msg('Made support staff'),
  'user.signed_out': msg('Client signed out'),
  'verification.approved': msg('Document approved'),
  'verification.rejected': msg('Document rejected'),
  'verification.uploaded': msg('Document uploaded'),
  'wallet.created': msg('Receiving wallet added'),
  'wallet.edited': msg('Receiving wallet edited'),
  'withdrawal.approved': msg('Withdrawal approved'),
  'withdrawal.cancelled': msg('Withdrawal cancelled'),
  'withdrawal.completed': msg('Withdrawal paid'),
  'withdrawal.rejected': msg('Withdrawal rejected'),
  'withdrawal.requested': msg('Withdrawal requested'),
};

/** Who acted, as the audit log names them (shown in lower case). */
export const actorRoles: Record<AuditEntry['actor_role'], string> = { customer: msg('customer'), admin: msg('admin'), support: msg('support'), dealer: msg('dealer'), system: msg('system') };

/** Values the log records for a before and after (a status, a role), in words. */
const valueLabels: Record<string, string> = {
  active: msg('Active'),
  pending: msg('Pending'),
  deactivated: msg('Deactivated'),
  customer: msg('Customer'),
  support: msg('Support'),
  dealer: msg('Dealer'),
  admin: msg('Admin'),
};

/** Fields an operator changes (site settings, catalogue items, leverage), in words. */
const fieldLabels: Record<string, string> = {
  status: msg('Site enabled'),
  name: msg('Name'),
  maintenanceMessage: msg('Maintenance message'),
  contactEmail: msg('Contact email'),
  must_verify_account: msg('Accounts must be approved'),
  approve_live_accounts: msg('New live accounts must be approved'),
  r_page: msg('Registration page'),
  register_page_header: msg('Registration page header'),
  register_page_footer: msg('Registration page footer'),
  favicon: msg('Favicon URL'),
  logo: msg('Logo URL'),
  logo_sm: msg('Small logo URL'),
  website_url: msg('Website URL'),
  terms_url: msg('Terms URL'),
  privacy_url: msg('Privacy policy URL'),
  risk_url: msg('Risk disclosure URL'),
  help_url: msg('Help URL'),
  require_admin_2fa: msg('Administrators must use two-factor sign-in'),
  savings_rate_pct: msg('Annual savings rate (%)'),
  description: msg('Description'),
  author: msg('Author'),
  image: msg('Image'),
  type: msg('Type'),
  strategy: msg('Strategy'),
  default_params: msg('Default parameters'),
  features: msg('Features'),
  amount: msg('Price (USD)'),
  billing: msg('Billing'),
  published: msg('Published'),
  plan_ids: msg('Plans allowed'),
  translations: msg('Translations'),
  display_currency: msg('Display currency'),
  sound: msg('Sound'),
  time_zone: msg('Time zone'),
  theme: msg('Theme'),
  language: msg('Language'),
  tour_done: msg('First-visit tour'),
  notifications: msg('Notifications'),
};

/** Actions whose details are the fields that were sent, listed by name. */
const fieldChanges = new Set(['settings.updated', 'catalogue.created', 'catalogue.edited', 'leverage.updated', 'preferences.updated']);

/** What happened, in the reader's language; an action added later reads as its English words. */
export function actionText(action: string, t: TFunction): string {
  const known = actionLabels[action];
  return known ? t(known) : auditActionLabel(action);
}

const valueText = (value: unknown, t: TFunction) => {
  const text = String(value);
  const known = valueLabels[text];
  return known ? t(known) : text;
};

/** The parts of an entry's details a reader needs (amount, reason, before and after, fields changed), as sentences. */
export function detailsText(entry: Pick<AuditEntry, 'action' | 'details'>, t: TFunction): string[] {
  const d = entry.details;
  const lines: string[] = [];
  if (fieldChanges.has(entry.action)) {
    const fields = Object.keys(d).map((k) => (fieldLabels[k] ? t(fieldLabels[k]) : k.replaceAll('_', ' ')));
    if (fields.length) lines.push(t('Fields: {{fields}}', { fields: fields.join(', ') }));
    return lines;
  }
  if (typeof d.amount === 'string' || typeof d.amount === 'number') lines.push(t('Amount: {{amount}}', { amount: d.amount }));
  const from = d.from;
  const to = d.to;
  if ((typeof from === 'string' || typeof from === 'number') && (typeof to === 'string' || typeof to === 'number')) lines.push(t('{{from}} → {{to}}', { from: valueText(from, t), to: valueText(to, t) }));
  if (typeof d.reason === 'string' && d.reason) lines.push(t('Reason: {{reason}}', { reason: d.reason }));
  return lines;
}
