import { act, fireEvent, screen } from '@testing-library/react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import { api, type ApiResult } from '@/lib/api/client';
import { jsonResponse } from '@/test/http';
import { renderWithIntl } from '@/test/render';
import MaintenancePage from './MaintenancePage';
import MaintenancePopup from './MaintenancePopup';

const t = en.MaintenancePage;
const fetchMock = jest.fn();

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

async function call(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(jsonResponse(status, body));
  let result: ApiResult<unknown> | undefined;
  await act(async () => {
    result = await api.GET('/v5/subscriptions');
  });
  return result!;
}

describe('maintenance page', () => {
  it('says come back later, with a way to try again', () => {
    renderWithIntl(<MaintenancePage />);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(screen.getByText(t.message)).toBeInTheDocument();
    expect(screen.getByText(t.reassurance)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.retry })).toBeInTheDocument();
    // No header or footer links: they would all lead back here.
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('speaks Arabic', () => {
    renderWithIntl(<MaintenancePage />, 'ar');
    expect(
      screen.getByRole('heading', { level: 1, name: ar.MaintenancePage.title }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ar.MaintenancePage.retry })).toBeInTheDocument();
  });
});

describe('maintenance popup (docs/product.md#errors: server maintenance popup)', () => {
  it('stays closed for other errors, 503s included', async () => {
    renderWithIntl(<MaintenancePopup />);
    await call(500, { code: 0, message: 'somethingWentWrong' });
    await call(503, { code: 0, message: 'contactSendFailed' });
    await call(400, { code: 3, message: 'couponInvalid' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens when a call answers 503 maintenance, as an accessible dialog', async () => {
    renderWithIntl(<MaintenancePopup />);
    const result = await call(503, { code: 0, message: 'maintenance' });
    expect(result).toMatchObject({ ok: false, status: 503, errorKey: 'maintenance' });
    const dialog = screen.getByRole('dialog', { name: t.title });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent(t.message);
    expect(screen.getByRole('button', { name: t.retry })).toBeInTheDocument();
    // Focus moves into the dialog (its close button comes first).
    expect(screen.getByRole('button', { name: t.close })).toHaveFocus();
  });

  it('closes with its button or Escape, and opens again on the next maintenance answer', async () => {
    renderWithIntl(<MaintenancePopup />);
    await call(503, { code: 0, message: 'maintenance' });
    fireEvent.click(screen.getByRole('button', { name: t.close }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await call(503, { code: 0, message: 'maintenance' });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await call(503, { code: 0, message: 'maintenance' });
    expect(screen.getByRole('dialog', { name: t.title })).toBeInTheDocument();
  });
});
