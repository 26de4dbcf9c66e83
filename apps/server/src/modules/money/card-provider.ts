import { randomUUID } from 'node:crypto';

export type CardDetails = { number: string; exp_month: number; exp_year: number; cvc: string; name: string };
export type CardCharge =
  | { status: 'succeeded'; chargeId: string }
  | { status: 'requires_action'; chargeId: string }
  | { status: 'declined'; reason: 'declined' | 'insufficient_funds' };

/**
 * What the platform needs from a card payment provider: charge a card, possibly through the
 * issuer's confirmation step (3-D Secure), and confirm that step. A real provider (Stripe,
 * Adyen, Checkout.com) implements the same two calls with its SDK and its own keys.
 */
export interface CardProvider {
  readonly name: string;
  charge(input: { amount: string; currency: string; card: CardDetails; reference: string }): Promise<CardCharge>;
  confirm(chargeId: string, code: string): Promise<boolean>;
}

/** The confirmation code the test provider's issuer "sends". */
export const TEST_CHALLENGE_CODE = '123456';

/**
 * A provider that runs without a network, with the usual test card numbers: 4000 0000 0000 3220
 * asks for the confirmation step, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has
 * insufficient funds; any other valid number is charged.
 */
export function testCardProvider(): CardProvider {
  return {
    name: 'test',
    async charge({ card }) {
      if (card.number === '4000000000000002') return { status: 'declined', reason: 'declined' };
      if (card.number === '4000000000009995') return { status: 'declined', reason: 'insufficient_funds' };
      if (card.number === '4000000000003220') return { status: 'requires_action', chargeId: `test_3ds_${randomUUID()}` };
      return { status: 'succeeded', chargeId: `test_${randomUUID()}` };
    },
    // Stateless, so any node can confirm; the request's state makes each challenge usable once.
    async confirm(chargeId, code) {
      return chargeId.startsWith('test_3ds_') && code === TEST_CHALLENGE_CODE;
    },
  };
}
