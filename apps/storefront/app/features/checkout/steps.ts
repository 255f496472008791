import type { Checkout, CheckoutStep } from '@shop/contract';

/**
 * Where the shopper may be in the checkout. The server says which steps this checkout has and which are
 * complete; a step can be shown once every step before it is complete, so back, forward and reload work and a
 * step that cannot be reached yet sends the shopper to the first one missing.
 */

type Steps = Pick<Checkout, 'steps' | 'next_step'>;

const indexOf = ({ steps }: Steps, step: string | null) => steps.findIndex((candidate) => candidate.step === step);
const firstMissing = ({ steps }: Steps) => steps.findIndex((step) => !step.complete);

export function isReachable(checkout: Steps, step: CheckoutStep): boolean {
  const index = indexOf(checkout, step);
  return index !== -1 && index <= firstMissing(checkout);
}

/** The step to show for the one in the URL: it, when it can be reached; else the first missing one. */
export function stepToShow(checkout: Steps, asked: string | null): CheckoutStep {
  const index = indexOf(checkout, asked);
  return index !== -1 && isReachable(checkout, asked as CheckoutStep) ? (asked as CheckoutStep) : checkout.next_step;
}

export const stepPath = (path: string, step: CheckoutStep) => `${path}?step=${step}`;

/**
 * The two screens of the checkout (ADR 0038): the shopper's details (contact, address, delivery and its
 * collection point) and the payment (codes, note, payment, review). The URL keeps naming the step, whose
 * screen shows it as a section.
 */
export type CheckoutScreen = 'details' | 'payment';
const DETAILS_STEPS: readonly CheckoutStep[] = ['account', 'address', 'delivery', 'points'];
export const screenOf = (step: CheckoutStep): CheckoutScreen => (DETAILS_STEPS.includes(step) ? 'details' : 'payment');

/** The step a screen's URL names when the shopper goes there: the second screen is named by its payment. */
export const screenStep = (step: CheckoutStep): CheckoutStep => (screenOf(step) === 'payment' ? 'payment' : step);
