import { act, renderHook, waitFor } from '@testing-library/react';
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

  it('says why the token failed, is loading again on retry, then ready', async () => {
    generateClientToken.mockResolvedValueOnce({ ok: false, errorKey: 'tokenGeneration' });
    const { result } = renderHook(() => usePaymentProvider('EUR'));
    await waitFor(() =>
      expect(result.current).toMatchObject({ status: 'failed', errorKey: 'tokenGeneration' }),
    );
    act(() => result.current.retry());
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(generateClientToken).toHaveBeenCalledTimes(2);
  });

  it('is loading again for another currency until its own answer', async () => {
    const { result, rerender } = renderHook(({ currency }) => usePaymentProvider(currency), {
      initialProps: { currency: 'EUR' },
    });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    rerender({ currency: 'CHF' });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(generateClientToken.mock.calls).toEqual([['EUR'], ['CHF']]);
  });
});
