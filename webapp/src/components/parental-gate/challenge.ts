// The parental gate: three digits written as words ("seven, two, nine") to be
// typed as a number (729). Reading number words and typing them in order is a
// task for an adult, not for a child of 3 to 10 tapping around, and it works
// in every language with a ten-word vocabulary per catalogue.

export const DIGIT_COUNT = 3;

export type Challenge = { digits: number[] };

/** `random` returns numbers in [0, 1); the first digit is never 0 so the answer has no leading zero. */
export function newChallenge(random: () => number = Math.random): Challenge {
  const digits = Array.from({ length: DIGIT_COUNT }, (_, i) => {
    const low = i === 0 ? 1 : 0;
    return low + Math.floor(random() * (10 - low));
  });
  return { digits };
}

export function answerOf(challenge: Challenge): string {
  return challenge.digits.join('');
}

/** Spaces and other separators are forgiven; Arabic-Indic and Persian digits count as digits. */
export function normalizeAnswer(input: string): string {
  return input
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\D/g, '');
}

export function isCorrect(challenge: Challenge, input: string): boolean {
  return normalizeAnswer(input) === answerOf(challenge);
}
