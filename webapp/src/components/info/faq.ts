// The help page's questions (FAQ in three sections, docs/product.md#screens "Other screens").
export const FAQ_SECTIONS = ['settings', 'account', 'general'] as const;
export type FaqSection = (typeof FAQ_SECTIONS)[number];
export const FAQ_QUESTIONS = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'] as const;
