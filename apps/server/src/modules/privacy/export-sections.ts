import { type SQL, sql } from 'drizzle-orm';

/**
 * One part of a customer's data copy: a name in the JSON, the tables it reads, and a query
 * answering one jsonb value. The database writes the JSON itself (to_jsonb), so numbers, dates and
 * timestamps read the same on PostgreSQL and the embedded engine. Secrets (password and token
 * hashes, the authenticator secret) and other people's details (staff ids) are left out.
 */
export type ExportSection = { name: string; tables: string[]; query: (userId: number) => SQL };

/** Every row of `select`, oldest first by `order`, as a jsonb array, without the columns in `omit`. */
const rows = (select: SQL, order = sql`x.id`, omit: string[] = []) =>
  sql`SELECT coalesce(jsonb_agg(to_jsonb(x) - ${`{${omit.join(',')}}`}::text[] ORDER BY ${order}), '[]'::jsonb) AS data FROM (${select}) x`;
const accountsOf = (userId: number) => sql`SELECT id FROM trading_accounts WHERE user_id = ${userId}`;

export const exportSections: ExportSection[] = [
  {
    name: 'profile',
    tables: ['users'],
    query: (id) => sql`SELECT to_jsonb(u) - 'password_hash' - 'totp_secret' - 'totp_last_step' - 'preferences' - 'two_factor_enabled_at'
        || jsonb_build_object('two_factor_enabled', u.two_factor_enabled_at IS NOT NULL) AS data
      FROM users u WHERE u.id = ${id}`,
  },
  { name: 'preferences', tables: [], query: (id) => sql`SELECT preferences AS data FROM users WHERE id = ${id}` },
  { name: 'consents', tables: ['consents'], query: (id) => rows(sql`SELECT id, purpose, granted, source, ip, user_agent, created_at FROM consents WHERE user_id = ${id}`) },
  {
    name: 'sessions',
    tables: ['sessions'],
    query: (id) => rows(sql`SELECT id, created_at, last_used_at, expires_at, user_agent, ip, two_factor_at FROM sessions WHERE user_id = ${id}`),
  },
  {
    name: 'security_links',
    tables: ['one_time_tokens'],
    query: (id) => rows(sql`SELECT id, purpose, expires_at, used_at, payload AS new_email FROM one_time_tokens WHERE user_id = ${id}`),
  },
  {
    name: 'recovery_codes',
    tables: ['recovery_codes'],
    query: (id) => sql`SELECT jsonb_build_object('total', count(*), 'unused', count(*) FILTER (WHERE used_at IS NULL)) AS data FROM recovery_codes WHERE user_id = ${id}`,
  },
  { name: 'accounts', tables: ['trading_accounts'], query: (id) => rows(sql`SELECT * FROM trading_accounts WHERE user_id = ${id}`) },
  { name: 'journal', tables: ['journal_entries'], query: (id) => rows(sql`SELECT * FROM journal_entries WHERE account_id IN (${accountsOf(id)})`) },
  {
    name: 'trades_and_orders',
    tables: ['trades'],
    // The first answer kept for idempotent retries repeats the trade; the request hash is internal.
    query: (id) => rows(sql`SELECT * FROM trades WHERE user_id = ${id}`, sql`x.id`, ['first_response', 'request_hash']),
  },
  { name: 'venue_orders', tables: ['venue_orders'], query: (id) => rows(sql`SELECT * FROM venue_orders WHERE user_id = ${id}`) },
  { name: 'activity_log', tables: ['account_activity'], query: (id) => rows(sql`SELECT * FROM account_activity WHERE account_id IN (${accountsOf(id)})`) },
  { name: 'swap_charges', tables: ['swap_charges'], query: (id) => rows(sql`SELECT * FROM swap_charges WHERE account_id IN (${accountsOf(id)})`, sql`x.day, x.trade_id`) },
  {
    name: 'dividend_charges',
    tables: ['dividend_charges'],
    query: (id) => rows(sql`SELECT * FROM dividend_charges WHERE account_id IN (${accountsOf(id)})`, sql`x.action_id, x.trade_id`),
  },
  {
    name: 'equity_snapshots',
    tables: ['equity_snapshots'],
    query: (id) => rows(sql`SELECT * FROM equity_snapshots WHERE account_id IN (${accountsOf(id)})`, sql`x.account_id, x.hour`),
  },
  { name: 'money_requests', tables: ['money_requests'], query: (id) => rows(sql`SELECT * FROM money_requests WHERE user_id = ${id}`) },
  { name: 'savings', tables: ['savings_accounts'], query: (id) => sql`SELECT to_jsonb(s) AS data FROM savings_accounts s WHERE s.user_id = ${id}` },
  { name: 'savings_entries', tables: ['savings_entries'], query: (id) => rows(sql`SELECT * FROM savings_entries WHERE user_id = ${id}`) },
  {
    name: 'marketplace_purchases',
    tables: ['ea_purchases'],
    query: (id) => rows(sql`SELECT p.*, e.name AS item_name FROM ea_purchases p JOIN expert_advisors e ON e.id = p.ea_id WHERE p.user_id = ${id}`),
  },
  { name: 'robots', tables: ['robots'], query: (id) => rows(sql`SELECT * FROM robots WHERE user_id = ${id}`) },
  { name: 'backtests', tables: ['backtests'], query: (id) => rows(sql`SELECT * FROM backtests WHERE user_id = ${id}`) },
  {
    name: 'autotrader_requests',
    tables: ['autotrader_requests'],
    query: (id) => rows(sql`SELECT id, risk, status, reason, decided_at, created_at FROM autotrader_requests WHERE user_id = ${id}`),
  },
  {
    name: 'plan_requests',
    tables: ['plan_requests'],
    query: (id) => rows(sql`SELECT id, from_plan_id, to_plan_id, status, reason, decided_at, created_at FROM plan_requests WHERE user_id = ${id}`),
  },
  { name: 'course_progress', tables: ['lesson_progress'], query: (id) => rows(sql`SELECT lesson_id, completed_at FROM lesson_progress WHERE user_id = ${id}`, sql`x.completed_at`) },
  {
    name: 'chart_drawings',
    tables: ['chart_drawings'],
    query: (id) => rows(sql`SELECT d.asset_id, a.symbol, d.drawings, d.updated_at FROM chart_drawings d JOIN assets a ON a.id = d.asset_id WHERE d.user_id = ${id}`, sql`x.asset_id`),
  },
  { name: 'chart_layout', tables: ['chart_layouts'], query: (id) => rows(sql`SELECT layout, updated_at FROM chart_layouts WHERE user_id = ${id}`, sql`x.updated_at`) },
  { name: 'price_alerts', tables: ['price_alerts'], query: (id) => rows(sql`SELECT * FROM price_alerts WHERE user_id = ${id}`) },
  { name: 'notifications', tables: ['notifications'], query: (id) => rows(sql`SELECT * FROM notifications WHERE user_id = ${id}`) },
  // The devices push reaches: their push service's address, not the keys the browser encrypts with.
  { name: 'push_devices', tables: ['push_subscriptions'], query: (id) => rows(sql`SELECT id, endpoint, created_at FROM push_subscriptions WHERE user_id = ${id}`, sql`x.created_at`) },
  {
    name: 'chat_messages',
    tables: ['chat_messages'],
    query: (id) => rows(sql`SELECT id, is_admin AS from_support, message, read_at, created_at FROM chat_messages WHERE customer_id = ${id}`),
  },
  {
    name: 'verification_documents',
    tables: ['verification_documents'],
    query: (id) => rows(sql`SELECT id, kind, status, reason, file_name, mime_type, size, reviewed_at, superseded_at, created_at FROM verification_documents WHERE user_id = ${id}`),
  },
  {
    name: 'chat_attachments',
    tables: ['chat_attachments'],
    query: (id) => rows(sql`SELECT id, message_id, uploader_id = ${id} AS sent_by_you, file_name, mime_type, size, created_at FROM chat_attachments WHERE customer_id = ${id} OR uploader_id = ${id}`),
  },
  {
    name: 'appropriateness_tests',
    tables: ['appropriateness_assessments'],
    query: (id) => rows(sql`SELECT id, answers, score, max_score, pass_score, outcome, acknowledged_at, created_at FROM appropriateness_assessments WHERE user_id = ${id}`),
  },
  {
    name: 'professional_requests',
    tables: ['professional_requests'],
    query: (id) =>
      rows(sql`SELECT id, status, trades_per_quarter, portfolio_eur, sector_years, sector_role, trades_met, portfolio_met, experience_met, acknowledged_at, reason, decided_at, created_at
        FROM professional_requests WHERE user_id = ${id}`),
  },
  {
    name: 'professional_evidence',
    tables: ['professional_evidence'],
    query: (id) => rows(sql`SELECT id, request_id, file_name, mime_type, size, created_at FROM professional_evidence WHERE user_id = ${id}`),
  },
  {
    // The customer's own declarations and their outcome (a rejection's reason was told to them); kept through erasure as AML records.
    name: 'source_of_funds',
    tables: ['source_of_funds'],
    query: (id) => rows(sql`SELECT id, source, other_source, description, file_name, mime_type, size, status, reason, decided_at, created_at FROM source_of_funds WHERE user_id = ${id}`),
  },
  {
    name: 'audit_trail',
    tables: ['audit_log'],
    query: (id) => rows(sql`SELECT id, actor_role, action, subject_type, subject_id, details, created_at FROM audit_log WHERE user_id = ${id}`),
  },
  { name: 'data_exports', tables: ['data_exports'], query: (id) => rows(sql`SELECT id, status, size, created_at, finished_at, expires_at FROM data_exports WHERE user_id = ${id}`) },
];

/**
 * Tables that name a user or an account but hold nothing about the customer as such: staff who
 * set a rate. A test checks that every table referring to a user or an account is either in a
 * section or here, so a new table is not left out of the copy unnoticed.
 */
export const tablesNotExported: Record<string, string> = {
  swap_rates: 'the member of staff who last changed a rate',
  customer_groups: 'the member of staff who last changed a group',
  corporate_actions: 'the member of staff who entered a dividend',
  hedge_rules: 'the member of staff who last changed a hedging rule',
  hedges: 'the member of staff who placed a hedge, an order of the house’s own',
  sanctions_lists: 'the member of staff who imported a sanctions list',
  // Anti-money-laundering rules forbid telling a customer they are under review (tipping off).
  aml_hits: 'sanctions matches and payments flagged for review, withheld from the customer under AML rules',
};
