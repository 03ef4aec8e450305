export const FAQ_ITEMS = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8'] as const;

type Translate = (key: `${(typeof FAQ_ITEMS)[number]}.${'question' | 'answer'}`) => string;

/** schema.org FAQPage for search engines, built from the same texts as the page. */
export function faqStructuredData(t: Translate) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: FAQ_ITEMS.map((item) => ({
      '@type': 'Question',
      name: t(`${item}.question`),
      acceptedAnswer: { '@type': 'Answer', text: t(`${item}.answer`) },
    })),
  };
}

/** JSON for a <script> tag: "<" escaped so a text can never close the tag. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
