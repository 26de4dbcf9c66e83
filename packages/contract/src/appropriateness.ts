import { z } from 'zod';

/**
 * The appropriateness test (MiFID II art. 25(3)) a customer answers before a live account: what
 * they know about CFDs and leverage and what they have done. Below the pass score the site either
 * warns (the customer must confirm the warning to go on) or refuses, or the test is off.
 */
export const appropriatenessModes = ['off', 'warn', 'refuse'] as const;
export type AppropriatenessMode = (typeof appropriatenessModes)[number];

/** One choice of a question: its English text (also its message key) and the points it scores. */
export type AppropriatenessAnswer = { readonly id: string; readonly text: string; readonly points: number };
/** One question: its English text (also its message key) and its choices. */
export type AppropriatenessQuestion = { readonly id: string; readonly text: string; readonly answers: readonly AppropriatenessAnswer[] };

const dontKnow = { id: 'dont_know', text: 'I don’t know', points: 0 } as const;

/**
 * The questions, in the order they are asked. Knowledge questions score 2 for the right answer;
 * experience questions score more the more the customer has done. The texts are the message keys
 * the client translates (every language's catalogue has them).
 */
export const appropriatenessQuestions = [
  {
    id: 'cfd_nature',
    text: 'What do you hold when you open a CFD position?',
    answers: [
      { id: 'asset', text: 'The share, currency or commodity itself', points: 0 },
      { id: 'contract', text: 'A contract that pays the difference in the price between opening and closing', points: 2 },
      dontKnow,
    ],
  },
  {
    id: 'leverage_effect',
    text: 'With leverage of 1:10 you open a position worth 10,000 USD with 1,000 USD of margin. The price moves 5% against you. What is your loss?',
    answers: [
      { id: 'fifty', text: '50 USD', points: 0 },
      { id: 'five_hundred', text: '500 USD, half of the margin', points: 2 },
      { id: 'nothing', text: 'Nothing until I close the position', points: 0 },
      dontKnow,
    ],
  },
  {
    id: 'margin_close_out',
    text: 'The margin level of your account falls to the close-out level of 50%. What happens?',
    answers: [
      { id: 'closed', text: 'Positions are closed automatically at a loss, the largest loss first', points: 2 },
      { id: 'stay_open', text: 'Nothing: positions stay open until I close them', points: 0 },
      { id: 'lent', text: 'The provider lends me money to keep them open', points: 0 },
      dontKnow,
    ],
  },
  {
    id: 'loss_extent',
    text: 'How much can you lose on a leveraged CFD position?',
    answers: [
      { id: 'profit_only', text: 'No more than the profit I have made', points: 0 },
      { id: 'balance', text: 'More than the margin I put up, up to the whole balance of my account', points: 2 },
      { id: 'protected', text: 'Nothing: my money is protected', points: 0 },
      dontKnow,
    ],
  },
  {
    id: 'experience',
    text: 'How long have you traded leveraged products (CFDs, forex, futures or options)?',
    answers: [
      { id: 'never', text: 'Never', points: 0 },
      { id: 'under_one_year', text: 'Less than a year', points: 1 },
      { id: 'one_to_three_years', text: 'One to three years', points: 2 },
      { id: 'over_three_years', text: 'More than three years', points: 3 },
    ],
  },
  {
    id: 'frequency',
    text: 'How many trades in such products did you make in the last 12 months?',
    answers: [
      { id: 'none', text: 'None', points: 0 },
      { id: 'up_to_ten', text: '1 to 10', points: 1 },
      { id: 'up_to_forty', text: '11 to 40', points: 2 },
      { id: 'over_forty', text: 'More than 40', points: 3 },
    ],
  },
  {
    id: 'background',
    text: 'Do you have an education or work experience relevant to trading financial instruments?',
    answers: [
      { id: 'neither', text: 'Neither', points: 0 },
      { id: 'qualification', text: 'A relevant qualification or course', points: 1 },
      { id: 'work', text: 'Work in the financial sector in a role involving derivatives', points: 2 },
    ],
  },
] as const satisfies readonly AppropriatenessQuestion[];

export type AppropriatenessQuestionId = (typeof appropriatenessQuestions)[number]['id'];

/** The most a questionnaire can score: the best answer of every question. */
export const APPROPRIATENESS_MAX_SCORE = appropriatenessQuestions.reduce((sum, q) => sum + Math.max(...q.answers.map((a) => a.points)), 0);

/**
 * The score at which CFDs are taken to be appropriate: half of the maximum. All four knowledge
 * questions right reach it without experience; experience alone does not.
 */
export const APPROPRIATENESS_PASS_SCORE = 8;

/** Texts of the server's answers about the test. */
export const appropriatenessMessages = {
  required: 'Answer the questions about your trading knowledge and experience before opening or trading on a live account.',
  acknowledgeRequired: 'Confirm that you have read the warning about your answers before opening or trading on a live account.',
  refused: 'From your answers, trading CFDs does not appear appropriate for you, so live accounts cannot be opened or traded.',
  alreadyAnswered: 'You have already answered these questions.',
  retakeTooSoon: 'You can answer the questions again once the waiting period has passed.',
  nothingToAcknowledge: 'There is no warning to confirm.',
  acknowledgeConfirm: 'Tick the box to confirm that you have read the warning.',
  answered: 'Thank you: your answers have been recorded.',
  acknowledged: 'Thank you: your confirmation has been recorded.',
} as const;

/** The field a question's answer is checked under: `answers.<question id>`. */
export const answerField = (questionId: string) => `answers.${questionId}`;

/** The refusal of a questionnaire without an answer to `question`, naming it. */
export const missingAnswerMessage = (question: AppropriatenessQuestion) => `Choose an answer to “${question.text}”`;

/**
 * POST /appropriateness: one answer id per question id. Every question must be answered with one
 * of its own answers; a missing answer, an unknown answer or an unknown question is refused on its
 * field with a message naming the question.
 */
export const appropriatenessSubmission = z.strictObject({ answers: z.record(z.string().max(60), z.string().max(60)) }).superRefine((value, ctx) => {
  const known = new Set<string>(appropriatenessQuestions.map((q) => q.id));
  for (const id of Object.keys(value.answers)) {
    if (!known.has(id)) ctx.addIssue({ code: 'custom', path: ['answers', id], message: `“${id}” is not one of the questions.` });
  }
  for (const question of appropriatenessQuestions as readonly AppropriatenessQuestion[]) {
    const answer = value.answers[question.id];
    if (answer === undefined || answer === '') ctx.addIssue({ code: 'custom', path: ['answers', question.id], message: missingAnswerMessage(question) });
    else if (!question.answers.some((a) => a.id === answer)) {
      ctx.addIssue({ code: 'custom', path: ['answers', question.id], message: `“${answer}” is not an answer to “${question.text}”` });
    }
  }
});
export type AppropriatenessSubmission = z.infer<typeof appropriatenessSubmission>;

/** The answers' points and their total, for answers the submission schema accepted. */
export function scoreAppropriateness(answers: Record<string, string>): { answers: AppropriatenessAnswerRecord[]; score: number } {
  const scored = (appropriatenessQuestions as readonly AppropriatenessQuestion[]).map((q) => {
    const answer = q.answers.find((a) => a.id === answers[q.id]);
    if (!answer) throw new RangeError(`no answer to ${q.id}`);
    return { question: q.id, answer: answer.id, points: answer.points };
  });
  return { answers: scored, score: scored.reduce((sum, a) => sum + a.points, 0) };
}

/** POST /appropriateness/acknowledge: the customer confirms the warning they were shown. */
export const appropriatenessAcknowledgement = z.strictObject({
  acknowledge: z.literal(true, { error: appropriatenessMessages.acknowledgeConfirm }),
});

/** One answer as kept: the question, the answer chosen and the points it scored then. */
export const appropriatenessAnswerRecord = z.object({ question: z.string(), answer: z.string(), points: z.number().int() });
export type AppropriatenessAnswerRecord = z.infer<typeof appropriatenessAnswerRecord>;

/** A questionnaire as answered: `outcome` is what the customer was told then (warned or refused under the mode of the day). */
export const appropriatenessAssessment = z.object({
  id: z.number().int(),
  answers: z.array(appropriatenessAnswerRecord),
  score: z.number().int(),
  max_score: z.number().int(),
  pass_score: z.number().int(),
  outcome: z.enum(['passed', 'warned', 'refused']),
  acknowledged_at: z.string().nullable(),
  created_at: z.string(),
});
export type AppropriatenessAssessment = z.infer<typeof appropriatenessAssessment>;

/**
 * Where the customer stands now, under the site's mode now: `not_required` (the test is off, or the
 * customer is a professional client),
 * `required` (never answered), `passed`, `acknowledge` (below the score, the warning not yet
 * confirmed), `acknowledged`, or `refused`. Live accounts are open to not_required, passed and
 * acknowledged.
 */
export const appropriatenessStates = ['not_required', 'required', 'passed', 'acknowledge', 'acknowledged', 'refused'] as const;
export type AppropriatenessState = (typeof appropriatenessStates)[number];

/** GET /appropriateness: the customer's standing, their latest questionnaire, and when they may answer again (below the score). */
export const appropriatenessStatus = z.object({
  mode: z.enum(appropriatenessModes),
  state: z.enum(appropriatenessStates),
  pass_score: z.number().int(),
  max_score: z.number().int(),
  retake_at: z.string().nullable(),
  assessment: appropriatenessAssessment.nullable(),
});
export type AppropriatenessStatus = z.infer<typeof appropriatenessStatus>;
export const appropriatenessStatusResponse = z.object({ data: appropriatenessStatus, message: z.string().optional() });

/** Back office: a customer's standing and every questionnaire they answered, newest first. */
export const adminAppropriatenessResponse = z.object({ data: appropriatenessStatus.extend({ history: z.array(appropriatenessAssessment) }) });
export type AdminAppropriateness = z.infer<typeof adminAppropriatenessResponse>['data'];
