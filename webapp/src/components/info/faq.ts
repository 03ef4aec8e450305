// The help page's questions (FAQ in three sections, docs/product.md#screens "Other screens").
export const FAQ_SECTIONS = ['settings', 'account', 'general'] as const;
export type FaqSection = (typeof FAQ_SECTIONS)[number];
export const FAQ_QUESTIONS = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'] as const;

type Translate = (
  key: `sections.${FaqSection}.${(typeof FAQ_QUESTIONS)[number]}.${'question' | 'answer'}`,
) => string;

/** schema.org FAQPage of every question on the page, from the same texts the page shows. */
export function faqPageStructuredData(t: Translate) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: FAQ_SECTIONS.flatMap((section) =>
      FAQ_QUESTIONS.map((q) => ({
        '@type': 'Question',
        name: t(`sections.${section}.${q}.question`),
        acceptedAnswer: { '@type': 'Answer', text: t(`sections.${section}.${q}.answer`) },
      })),
    ),
  };
}
