import { fireEvent, screen, waitFor } from '@testing-library/react';
import ar from '@locales/ar.json';
import de from '@locales/de.json';
import en from '@locales/en.json';
import { formatMoney } from '@/components/pricing/plans';
import { jsonResponse } from '@/test/http';
import { renderInLocale } from '@/test/render-locale';
import type { BillingDocument, BillingHistory } from '@/lib/api/billing-history';
import BillingDocumentView from './BillingDocumentView';
import BillingHistoryView from './BillingHistoryView';

const fetchMock = jest.fn();

beforeEach(() => {
  window.localStorage.clear();
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

const HISTORY: BillingHistory = {
  entries: [
    {
      id: 12,
      kind: 'refund',
      date: '2026-11-26T09:00:00+00:00',
      amount: '5.00',
      currency: 'EUR',
      status: 'succeeded',
      product: 'lumo_tv',
      durationCode: 'P1M',
      method: { type: 'CARD', brand: 'Visa', last4: '1881' },
      document: { id: 2, number: 'C-2026-000001', kind: 'credit_note' },
    },
    {
      id: 11,
      kind: 'charge',
      date: '2026-11-20T09:00:00+00:00',
      amount: '9.99',
      currency: 'EUR',
      status: 'succeeded',
      product: 'lumo_tv',
      durationCode: 'P1M',
      method: { type: 'PAYPAL', brand: null, last4: null },
      document: { id: 1, number: 'R-2026-000001', kind: 'receipt' },
    },
  ],
};

const DOCUMENT: BillingDocument = {
  id: 1,
  number: 'R-2026-000001',
  kind: 'receipt',
  language: 'en',
  title: 'Receipt',
  issuedAt: '2026-11-20T09:00:00+00:00',
  corrects: null,
  amounts: { net: '8.39', vatRate: '19', vat: '1.60', gross: '9.99', currency: 'EUR' },
  rows: [
    ['Number', 'R-2026-000001'],
    ['VAT rate', '19 %'],
    ['Total', '€9.99'],
  ],
  seller: ['Seller: Lumo', 'Street 1', 'VAT number: EU000000000'],
  note: 'Prices include VAT.',
};

describe('the billing history', () => {
  it('shows a loader, then every entry with its amount, method, status and document link', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, HISTORY));
    renderInLocale(<BillingHistoryView />, 'en');
    expect(screen.getByRole('status')).toHaveTextContent(en.BillingPage.loading);
    const table = await screen.findByTestId('billing-history');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v5/billing-history');
    const rows = table.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(en.BillingPage.kinds.refund);
    expect(rows[0]).toHaveTextContent('€5.00');
    expect(rows[0]).toHaveTextContent('Visa ending in 1881');
    expect(rows[1]).toHaveTextContent(en.BillingPage.kinds.charge);
    expect(rows[1]).toHaveTextContent('PayPal');
    expect(rows[1]).toHaveTextContent(en.BillingPage.statuses.succeeded);
    const link = screen.getByRole('link', { name: 'R-2026-000001' });
    expect(link.getAttribute('href')).toContain('/billing/R-2026-000001');
  });

  it('says so when there is nothing yet', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: [] }));
    renderInLocale(<BillingHistoryView />, 'de');
    expect(await screen.findByText(de.BillingPage.empty)).toBeInTheDocument();
  });

  it('formats amounts for the locale, Arabic included', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, HISTORY));
    renderInLocale(<BillingHistoryView />, 'ar');
    const table = await screen.findByTestId('billing-history');
    expect(table).toHaveTextContent(ar.BillingPage.kinds.charge);
    expect(table.textContent).toContain(formatMoney(999, 'EUR', 'ar'));
    expect(table.querySelector('td[dir="ltr"]')).not.toBeNull(); // amounts stay left to right
  });

  it('shows the error when the history cannot be loaded', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { code: 0, message: 'somethingWentWrong' }));
    renderInLocale(<BillingHistoryView />, 'en');
    expect(await screen.findByText(new RegExp(en.BillingPage.error))).toBeInTheDocument();
  });
});

describe('a billing document', () => {
  it('shows the rows the API worded, the seller, and downloads the PDF in the page language', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, DOCUMENT));
    const created = jest.fn(() => 'blob:pdf');
    URL.createObjectURL = created;
    URL.revokeObjectURL = jest.fn();
    renderInLocale(<BillingDocumentView number="R-2026-000001" />, 'en');
    expect(screen.getByRole('status')).toHaveTextContent(en.BillingDocument.loading);
    const rows = await screen.findByTestId('billing-document');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v5/billing-documents/R-2026-000001?lang=en');
    expect(rows).toHaveTextContent('VAT rate19 %');
    expect(screen.getByText('VAT number: EU000000000')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Receipt R-2026-000001');

    fetchMock.mockResolvedValueOnce({ ok: true, blob: async () => new Blob(['%PDF-']) });
    fireEvent.click(screen.getByRole('button', { name: en.BillingDocument.download }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(fetchMock.mock.calls[1][0]).toBe('/api/v5/billing-documents/R-2026-000001/pdf?lang=en');
  });

  it('prints', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, DOCUMENT));
    const print = jest.fn();
    window.print = print;
    renderInLocale(<BillingDocumentView number="R-2026-000001" />, 'de');
    fireEvent.click(await screen.findByRole('button', { name: de.BillingDocument.print }));
    expect(print).toHaveBeenCalled();
  });

  it("another parent's document is not found", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(404, { code: 0, message: 'billingDocumentNotFound' }),
    );
    renderInLocale(<BillingDocumentView number="R-2026-000009" />, 'en');
    expect(await screen.findByText(en.Errors.billingDocumentNotFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.BillingDocument.back })).toBeInTheDocument();
  });
});
