import {
  APPROPRIATENESS_MAX_SCORE,
  APPROPRIATENESS_PASS_SCORE,
  appropriatenessMessages as msg,
  scoreAppropriateness,
  type AdminAppropriateness,
  type AppropriatenessAssessment,
  type AppropriatenessMode,
  type AppropriatenessState,
  type AppropriatenessStatus,
  type AppropriatenessSubmission,
} from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, HttpError } from '../../http/errors.ts';
import { getSiteSettings } from '../settings/settings.service.ts';
import { type AssessmentRow, assessmentsOf, insertAssessment, isProfessional, latestAssessment, lockCustomer, markAcknowledged } from './appropriateness.repository.ts';

const DAY_MS = 86_400_000;

/** The standings in which live accounts may be opened and traded. */
const ALLOWED: ReadonlySet<AppropriatenessState> = new Set(['not_required', 'passed', 'acknowledged']);

/** The site's mode and retake period, and whether this customer is a professional client (asked nothing). */
type Rules = { mode: AppropriatenessMode; retakeDays: number; professional: boolean };

async function rulesOf(db: DbOrTx, userId: number): Promise<Rules> {
  const [settings, professional] = await Promise.all([getSiteSettings(db), isProfessional(db, userId)]);
  return { mode: settings.appropriateness_test, retakeDays: settings.appropriateness_retake_days, professional };
}

const passed = (row: AssessmentRow) => row.score >= row.passScore;

/**
 * Where a customer stands under the site's mode now (not the mode they answered under). A
 * professional client is asked nothing: the firm may assume their knowledge and experience
 * (Delegated Regulation (EU) 2017/565, article 56(1)).
 */
function stateOf(rules: Pick<Rules, 'mode' | 'professional'>, row: AssessmentRow | null): AppropriatenessState {
  if (rules.mode === 'off' || rules.professional) return 'not_required';
  if (!row) return 'required';
  if (passed(row)) return 'passed';
  if (rules.mode === 'refuse') return 'refused';
  return row.acknowledgedAt ? 'acknowledged' : 'acknowledge';
}

/** When a customer below the pass score may answer again. */
const retakeAt = (row: AssessmentRow, retakeDays: number) => new Date(row.createdAt.getTime() + retakeDays * DAY_MS);

function view(row: AssessmentRow): AppropriatenessAssessment {
  return {
    id: row.id,
    answers: row.answers,
    score: row.score,
    max_score: row.maxScore,
    pass_score: row.passScore,
    outcome: row.outcome,
    acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

function statusOf(rules: Rules, row: AssessmentRow | null): AppropriatenessStatus {
  return {
    mode: rules.mode,
    state: stateOf(rules, row),
    pass_score: APPROPRIATENESS_PASS_SCORE,
    max_score: APPROPRIATENESS_MAX_SCORE,
    retake_at: row && !passed(row) ? retakeAt(row, rules.retakeDays).toISOString() : null,
    assessment: row ? view(row) : null,
  };
}

/** The customer's standing and latest questionnaire. */
export async function appropriatenessOf(db: DbOrTx, userId: number): Promise<AppropriatenessStatus> {
  return statusOf(await rulesOf(db, userId), await latestAssessment(db, userId));
}

/** Back office: the customer's standing and every questionnaire they answered, newest first. */
export async function appropriatenessHistory(db: DbOrTx, userId: number): Promise<AdminAppropriateness> {
  const [rules, history] = await Promise.all([rulesOf(db, userId), assessmentsOf(db, userId)]);
  return { ...statusOf(rules, history[0] ?? null), history: history.map(view) };
}

/**
 * Records a questionnaire the contract accepted, scored from the contract's points, with what the
 * customer is told under the mode now. One answered questionnaire stands for every later live
 * account: a second is refused once passed, and below the pass score until the retake period has
 * passed. Answering while the test is off is kept too (it applies if the operator turns it on).
 */
export async function answerAppropriateness(db: DbOrTx, userId: number, submission: AppropriatenessSubmission, now = new Date()): Promise<AppropriatenessStatus> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const rules = await rulesOf(tx, userId);
    const latest = await latestAssessment(tx, userId);
    if (latest && passed(latest)) throw conflict(msg.alreadyAnswered);
    if (latest && retakeAt(latest, rules.retakeDays) > now) throw conflict(msg.retakeTooSoon);
    const { answers, score } = scoreAppropriateness(submission.answers);
    const outcome = score >= APPROPRIATENESS_PASS_SCORE ? 'passed' : rules.mode === 'refuse' ? 'refused' : 'warned';
    const row = await insertAssessment(tx, { userId, answers, score, maxScore: APPROPRIATENESS_MAX_SCORE, passScore: APPROPRIATENESS_PASS_SCORE, outcome, createdAt: now });
    return statusOf(rules, row);
  });
}

/**
 * The customer confirms the warning shown for a questionnaire below the pass score, with the time.
 * Confirming again changes nothing; under `refuse` there is nothing a confirmation opens.
 */
export async function acknowledgeWarning(db: DbOrTx, userId: number, now = new Date()): Promise<AppropriatenessStatus> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const rules = await rulesOf(tx, userId);
    const latest = await latestAssessment(tx, userId);
    if (!latest || passed(latest)) throw conflict(msg.nothingToAcknowledge);
    if (rules.mode === 'refuse') throw new HttpError(403, msg.refused);
    if (!latest.acknowledgedAt) {
      await markAcknowledged(tx, latest.id, now);
      latest.acknowledgedAt = now;
    }
    return statusOf(rules, latest);
  });
}

/**
 * Refuses opening or trading on a live account with a 403 until the customer's standing allows it:
 * answered and passed, or below the pass score with the warning confirmed (mode `warn`), the test
 * off, or a professional client. Call it inside the transaction that acts, as the identity check is.
 */
export async function ensureAppropriate(db: DbOrTx, userId: number): Promise<void> {
  const mode = (await getSiteSettings(db)).appropriateness_test;
  if (mode === 'off') return;
  const state = stateOf({ mode, professional: false }, await latestAssessment(db, userId));
  // A live order pays for the category's read only when the answers alone do not let it through.
  if (ALLOWED.has(state) || (await isProfessional(db, userId))) return;
  throw new HttpError(403, state === 'required' ? msg.required : state === 'acknowledge' ? msg.acknowledgeRequired : msg.refused);
}
