import { fireEvent, screen, waitFor } from '@testing-library/react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import { renderWithIntl } from '@/test/render';
import Confirmation from './Confirmation';

const base = {
  receipt: 'r'.repeat(24),
  receivedAt: '2026-11-27T04:05:06+00:00',
  status: 'unmatched',
  termination: 'extraordinary',
  reason: 'Moved abroad',
  name: 'Ana',
  email: 'ana@example.com',
  reference: 'lumo7',
  endWanted: '2027-01-31',
  language: 'en',
  wordingVersion: '2026-11-27',
  endsOn: null,
  contracts: [],
};

describe('the confirmation of a public cancellation', () => {
  it('shows the content, the time received and "we will reply" when nothing matched', () => {
    renderWithIntl(<Confirmation declaration={base} />);
    const c = en.CancelContract.confirmation;
    expect(screen.getByText(c.terminations.extraordinary)).toBeInTheDocument();
    expect(screen.getByText('Moved abroad')).toBeInTheDocument();
    expect(screen.getByText('lumo7')).toBeInTheDocument();
    expect(screen.getByText('January 31, 2027')).toBeInTheDocument();
    expect(screen.getByText(c.unmatched)).toBeInTheDocument();
  });

  it('says where a store subscription is ended', () => {
    const declaration = {
      ...base,
      status: 'matched',
      contracts: [
        {
          subscriptionId: 2,
          plan: 'lumo_tv',
          duration: 'P1M',
          store: 'ios',
          action: 'elsewhere',
          endDate: null,
          where: 'https://apps.apple.com/account/subscriptions',
        },
      ],
    };
    renderWithIntl(<Confirmation declaration={declaration} />);
    expect(
      screen.getByText(/https:\/\/apps\.apple\.com\/account\/subscriptions/),
    ).toBeInTheDocument();
  });

  it('says a contract freed by a late renewal notice ended now, with its refund', () => {
    const contract = {
      subscriptionId: 3,
      plan: 'lumo_tv',
      duration: 'P1Y',
      store: 'lumo',
      endDate: '2028-03-12',
      earlyEnd: true,
    };
    const declaration = {
      ...base,
      status: 'matched',
      contracts: [
        { ...contract, action: 'cancelled', refund: '25.36', currency: 'EUR' },
        { ...contract, subscriptionId: 4, action: 'scheduled' },
      ],
    };
    renderWithIntl(<Confirmation declaration={declaration} />);
    expect(screen.getByText(/L215-1/)).toHaveTextContent('€25.36');
    expect(screen.getByText(/March 12, 2028\. It will not renew/)).toBeInTheDocument();
  });

  it('prints, and downloads the PDF copy by its receipt', async () => {
    const print = jest.fn();
    window.print = print;
    const blob = new Blob(['%PDF'], { type: 'application/pdf' });
    global.fetch = jest.fn().mockResolvedValue({ ok: true, blob: async () => blob });
    URL.createObjectURL = jest.fn(() => 'blob:x');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithIntl(<Confirmation declaration={base} />, 'ar');
    const c = ar.CancelContract.confirmation;
    fireEvent.click(screen.getByRole('button', { name: c.print }));
    expect(print).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: c.pdf }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledWith(blob));
    expect(click).toHaveBeenCalled();
    click.mockRestore();
    const [url, init] = (global.fetch as jest.Mock).mock.calls[0];
    expect(url).toBe('/api/v5/contract-cancellations/pdf');
    expect(JSON.parse(init.body)).toEqual({ receipt: base.receipt });
  });
});
