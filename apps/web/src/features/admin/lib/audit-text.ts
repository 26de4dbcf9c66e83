import type { TFunction } from 'i18next';
import { type AuditEntry, auditActionLabel } from '@bourse/contract';
import { msg } from '@/i18n/i18n';

/** The contract's names of the audit actions (`auditActionLabels`), marked for the catalogue. */
const actionLabels: Record<string, string> = {
  'account.adjusted': msg('Balance adjusted'),
  'account.group': msg('Account moved to another group'),
  'account.opened': msg('Account opened'),
  'account.reset': msg('Demo account reset'),
  'autotrader.approved': msg('Auto Trader approved'),
  'autotrader.rejected': msg('Auto Trader rejected'),
  'client_category.approved': msg('Professional treatment approved'),
  'client_category.evidence_viewed': msg('Professional evidence viewed'),
  'client_category.rejected': msg('Professional treatment rejected'),
  'client_category.requested': msg('Professional treatment requested'),
  'client_category.reverted': msg('Back to retail client'),
  'catalogue.created': msg('Catalogue item created'),
  'catalogue.edited': msg('Catalogue item edited'),
  'corporate_action.create': msg('Dividend entered'),
  'corporate_action.delete': msg('Dividend removed'),
  'corporate_action.import': msg('Dividends imported'),
  'deposit.approved': msg('Deposit approved'),
  'deposit.cancelled': msg('Deposit cancelled'),
  'deposit.completed': msg('Deposit completed'),
  'deposit.declined': msg('Deposit declined'),
  'deposit.rejected': msg('Deposit rejected'),
  'deposit.requested': msg('Deposit requested'),
  'leverage.updated': msg('Leverage changed'),
  'plan.approved': msg('Plan approved'),
  'plan.group': msg('Plan’s group changed'),
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
  'group.create': msg('Customer group created'),
  'group.delete': msg('Customer group removed'),
  'group.update': msg('Customer group changed'),
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
  retail: msg('Retail client'),
  professional: msg('Professional client'),
  percent: msg('% a year'),
  points: msg('Points per lot'),
  monday: msg('Monday'),
  tuesday: msg('Tuesday'),
  wednesday: msg('Wednesday'),
  thursday: msg('Thursday'),
  friday: msg('Friday'),
};

/** The terms of a customer group and of a swap rate, as their forms name them. */
const termLabels: Record<string, string> = {
  name: msg('Name'),
  description: msg('Description'),
  commission_mode: msg('Commission'),
  commission_rate: msg('Commission rate'),
  commission_min: msg('Minimum per side'),
  currency: msg('Currency'),
  leverage: msg('Leverage'),
  swap_free: msg('Swap-free'),
  swap_free_days: msg('Free nights'),
  swap_free_fee: msg('Fee per lot and night'),
  execution: msg('Execution'),
  margin_call_level: msg('Margin call (%)'),
  stop_out_level: msg('Stop-out (%)'),
  allowed_classes: msg('Allowed classes'),
  long_rate: msg('Long (buy)'),
  short_rate: msg('Short (sell)'),
  unit: msg('Unit'),
  triple_day: msg('Triple day'),
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
  leverage_preset: msg('Regulatory preset'),
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
  const text = value === null || value === undefined ? '—' : String(value);
  const known = valueLabels[text];
  return known ? t(known) : text;
};

type Terms = Record<string, unknown> | null;
const termsOf = (value: unknown): Terms => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null);
const termText = (key: string, t: TFunction) => (termLabels[key] ? t(termLabels[key]) : key.replaceAll('_', ' '));
const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** The terms that differ between `before` and `after`, by key. */
function changedTerms(before: Terms, after: Terms): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.filter((k) => JSON.stringify(before?.[k] ?? null) !== JSON.stringify(after?.[k] ?? null));
}

/** A group's name, and on a change the terms that changed. */
function groupDetails(d: Record<string, unknown>, t: TFunction): string[] {
  const before = termsOf(d.before);
  const after = termsOf(d.after);
  const name = after?.name ?? before?.name;
  const lines = typeof name === 'string' ? [t('Group: {{name}}', { name })] : [];
  if (before && after) {
    const changed = changedTerms(before, after).map((k) => termText(k, t));
    lines.push(changed.length ? t('Changed: {{fields}}', { fields: changed.join(', ') }) : t('Nothing changed'));
  }
  return lines;
}

/** A swap rate's terms before and after, field by field ("the default" when it had none of its own). */
function swapDetails(d: Record<string, unknown>, t: TFunction): string[] {
  const before = termsOf(d.before);
  const after = termsOf(d.after);
  const lines = changedTerms(before, after).flatMap((k) => {
    const [from, to] = [before?.[k], after?.[k]];
    if (!scalar(from ?? null) || !scalar(to ?? null)) return [];
    return [t('{{field}}: {{from}} → {{to}}', { field: termText(k, t), from: valueText(from, t), to: valueText(to, t) })];
  });
  if (!before) lines.unshift(t('Was on the default swap'));
  if (!after) lines.push(t('Back on the default swap'));
  return lines;
}

/** The dividend entered or removed: its instrument (the entry's subject), ex-date and amount per share. */
function dividendDetails(d: Record<string, unknown>, symbol: string | null | undefined, t: TFunction): string[] {
  const sym = typeof d.symbol === 'string' ? d.symbol : (symbol ?? '');
  return [t('{{symbol}}, ex-date {{date}}: {{amount}} a share', { symbol: sym, date: String(d.ex_date ?? '—'), amount: String(d.amount ?? '—') })];
}

/** Lines of the dealing desk's actions, whose details are terms rather than an amount or a reason. */
const dealingDetails: Record<string, (d: Record<string, unknown>, subject: string | null | undefined, t: TFunction) => string[]> = {
  'group.create': (d, _s, t) => groupDetails(d, t),
  'group.update': (d, _s, t) => groupDetails(d, t),
  'group.delete': (d, _s, t) => groupDetails(d, t),
  'account.group': (d, _s, t) => [t('From group #{{from}} to group #{{to}}', { from: valueText(d.from, t), to: valueText(d.to, t) })],
  // A plan without a group of its own sends new accounts to the default group (null).
  'plan.group': (d, _s, t) => [t('From group #{{from}} to group #{{to}}', { from: valueText(d.from ?? 1, t), to: valueText(d.to ?? 1, t) })],
  'swap_rate.set': (d, _s, t) => swapDetails(d, t),
  'swap_rate.removed': (d, _s, t) => swapDetails(d, t),
  'corporate_action.create': dividendDetails,
  'corporate_action.delete': dividendDetails,
  'corporate_action.import': (d, _s, t) => [t('Rows: {{rows}}', { rows: valueText(d.rows, t) })],
};

/** The parts of an entry's details a reader needs (amount, reason, before and after, fields changed), as sentences. */
export function detailsText(entry: Pick<AuditEntry, 'action' | 'details'> & { subject_id?: string | null }, t: TFunction): string[] {
  const d = entry.details;
  const dealing = dealingDetails[entry.action];
  if (dealing) return dealing(d, entry.subject_id, t);
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
