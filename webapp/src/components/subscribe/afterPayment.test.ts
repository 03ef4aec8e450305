import { afterPayment, CONVERSION_EVENT, fireConversion } from './afterPayment';

const base = {
  hadActiveSubscription: false,
  product: 'lumo_tv',
  storedTvFolder: null,
  storedApp: null,
};

describe('after a payment (docs/product.md#flows)', () => {
  it('counts a conversion only without an active subscription before', () => {
    expect(afterPayment(base).conversion).toBe(true);
    expect(afterPayment({ ...base, hadActiveSubscription: true }).conversion).toBe(false);
  });

  it.each(['lumo_tv', 'lumo_tv_books', 'lumo_tv_books_games'])(
    'opens the stored TV folder for %s',
    (product) => {
      expect(
        afterPayment({ ...base, product, storedTvFolder: 'f9', storedApp: 'games' }).destination,
      ).toEqual({ kind: 'tvFolder', folderId: 'f9' });
    },
  );

  it('skips the TV folder for a plan without TV and opens the calling app', () => {
    expect(
      afterPayment({ ...base, product: 'lumo_books', storedTvFolder: 'f9', storedApp: 'stories' })
        .destination,
    ).toEqual({ kind: 'app', app: 'stories' });
  });

  it('goes to the profile without a folder or a known app', () => {
    expect(
      afterPayment({ ...base, product: 'lumo_books', storedTvFolder: 'f9' }).destination,
    ).toEqual({ kind: 'profile' });
    expect(afterPayment({ ...base, storedApp: 'chess' }).destination).toEqual({ kind: 'profile' });
    expect(afterPayment(base).destination).toEqual({ kind: 'profile' });
  });

  it('announces a conversion to the page', () => {
    const listener = jest.fn();
    window.addEventListener(CONVERSION_EVENT, listener);
    fireConversion({ product: 'lumo_tv', period: 'P1M', currency: 'EUR', value: 499 });
    expect(listener.mock.calls[0][0].detail).toEqual({
      product: 'lumo_tv',
      period: 'P1M',
      currency: 'EUR',
      value: 499,
    });
  });
});
