import { answerOf, isCorrect, newChallenge, normalizeAnswer } from './challenge';

describe('parental gate challenge', () => {
  it('makes three digits, the first never zero', () => {
    expect(newChallenge(() => 0).digits).toEqual([1, 0, 0]);
    expect(newChallenge(() => 0.999).digits).toEqual([9, 9, 9]);
    for (let i = 0; i < 200; i += 1) {
      const { digits } = newChallenge();
      expect(digits).toHaveLength(3);
      expect(digits[0]).toBeGreaterThan(0);
      digits.forEach((d) => expect(Number.isInteger(d) && d >= 0 && d <= 9).toBe(true));
    }
  });

  it('accepts the digits in order only', () => {
    const challenge = { digits: [7, 2, 9] };
    expect(answerOf(challenge)).toBe('729');
    expect(isCorrect(challenge, '729')).toBe(true);
    expect(isCorrect(challenge, ' 7 2 9 ')).toBe(true);
    expect(isCorrect(challenge, '927')).toBe(false);
    expect(isCorrect(challenge, '72')).toBe(false);
    expect(isCorrect(challenge, '')).toBe(false);
  });

  it('reads Arabic-Indic and Persian digits', () => {
    expect(normalizeAnswer('٧٢٩')).toBe('729');
    expect(normalizeAnswer('۷۲۹')).toBe('729');
    expect(isCorrect({ digits: [7, 2, 9] }, '٧٢٩')).toBe(true);
  });
});
