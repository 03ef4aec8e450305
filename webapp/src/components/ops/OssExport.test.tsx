import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '@locales/en.json';
import { renderInLocale } from '@/test/render-locale';
import OssExport from './OssExport';

const t = en.Ops.revenue;
const fetchMock = jest.fn();

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock;
  URL.createObjectURL = jest.fn(() => 'blob:csv');
  URL.revokeObjectURL = jest.fn();
});

it('downloads the chosen quarter of the OSS figures as CSV', async () => {
  fetchMock.mockResolvedValueOnce({ ok: true, text: async () => 'country,oss\nDE,1\n' });
  renderInLocale(<OssExport now={new Date('2026-11-27T08:00:00Z')} />, 'en');
  expect(screen.getByRole('heading', { name: t.ossTitle })).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText(t.ossQuarter), { target: { value: '3' } });
  fireEvent.click(screen.getByRole('button', { name: t.ossDownload }));
  await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  expect(fetchMock.mock.calls[0][0]).toBe('/api/ops/v1/revenue/oss?year=2026&quarter=3');
});

it('says so when the download is refused', async () => {
  fetchMock.mockResolvedValueOnce({ ok: false, text: async () => '' });
  renderInLocale(<OssExport now={new Date('2026-02-01T08:00:00Z')} />, 'en');
  fireEvent.click(screen.getByRole('button', { name: t.ossDownload }));
  expect(await screen.findByRole('alert')).toHaveTextContent(t.ossFailed);
  expect(fetchMock.mock.calls[0][0]).toBe('/api/ops/v1/revenue/oss?year=2026&quarter=1');
});
