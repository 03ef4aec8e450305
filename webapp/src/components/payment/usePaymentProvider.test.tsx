import { renderHook, waitFor } from '@testing-library/react';
import { usePaymentProvider } from './usePaymentProvider';

const generateClientToken = jest.fn();
jest.mock('@/lib/api/billing', () => ({
  generateClientToken: (currency: string) => generateClientToken(currency),
}));
jest.mock('./provider', () => ({
  createPaymentProvider: jest.fn(async () => ({ teardown: jest.fn() })),
}));

describe('usePaymentProvider', () => {
  beforeEach(() =>
    generateClientToken
      .mockReset()
      .mockResolvedValue({ ok: true, data: { clientToken: 'sandbox_x' } }),
  );

  it('asks nothing while the currency is unknown', () => {
    const { result } = renderHook(() => usePaymentProvider(null));
    expect(result.current.status).toBe('loading');
    expect(generateClientToken).not.toHaveBeenCalled();
  });

  it("asks a client token for the plans' currency (its merchant account), once", async () => {
    const { result } = renderHook(() => usePaymentProvider('CHF'));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(generateClientToken.mock.calls).toEqual([['CHF']]);
  });
});
