import { CARD_BRANDS } from '@/components/brand/CardBrands';
import { ACCEPTED_CARD_BRANDS } from './cardFormat';
import { ACCEPTED_BRANDS } from './hosted';

describe('the card brands the form takes', () => {
  it('are the ones whose marks it shows, and hosted fields refuse the others', () => {
    expect(CARD_BRANDS.map((icon) => icon.title)).toEqual([
      'Visa',
      'MasterCard',
      'American Express',
    ]);
    expect(ACCEPTED_BRANDS).toEqual(['visa', 'master-card', 'american-express']);
    expect(ACCEPTED_CARD_BRANDS).toHaveLength(CARD_BRANDS.length);
  });
});
