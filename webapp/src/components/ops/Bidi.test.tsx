import { fireEvent, screen } from '@testing-library/react';
import en from '@locales/en.json';
import { jsonResponse } from '@/test/http';
import { resetNavigation } from '@/test/navigation';
import { PARENT_PAGE } from '@/test/ops-parent-page';
import { renderWithIntl } from '@/test/render';
import { keepSession, type Staff } from '@/lib/api/ops';
import ParentPage from './ParentPage';
import ParentSearch from './ParentSearch';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

// A name stored before the API refused bidirectional controls (docs/security.md#input-text): the console
// isolates every parent-provided text in <bdi>, so it cannot reorder the text around it.
const SPOOF = 'RT\u202egnp.exe\u202c admin';
const SUPPORT: Staff = {
  id: 1,
  email: 'sam@staff.lumo.example',
  role: 'support',
  permissions: ['parents.read'],
};
const fetchMock = jest.fn();

beforeEach(() => {
  resetNavigation();
  window.sessionStorage.clear();
  fetchMock.mockReset();
  global.fetch = fetchMock;
  keepSession('tok', SUPPORT);
});

function isolated(text: string) {
  const found = screen.getAllByText(text, { normalizer: (s) => s });
  expect(found.length).toBeGreaterThan(0);
  for (const element of found) expect(element.tagName).toBe('BDI');
}

it('isolates names, e-mails and partners in the search results', async () => {
  fetchMock.mockResolvedValueOnce(
    jsonResponse(200, {
      results: [
        {
          id: 7,
          email: 'zeb@example.com',
          name: SPOOF,
          partner: 'orange',
          createdAt: '2026-11-01T10:00:00+00:00',
          deletedAt: null,
        },
      ],
    }),
  );
  renderWithIntl(<ParentSearch />);
  fireEvent.change(screen.getByLabelText(en.Ops.search.query), { target: { value: 'zeb' } });
  fireEvent.click(screen.getByRole('button', { name: en.Ops.search.submit }));
  await screen.findByRole('link', { name: 'zeb@example.com' });
  isolated(SPOOF);
  isolated('zeb@example.com');
  isolated('orange');
});

it('isolates the account name, e-mail and partner on the parent page', async () => {
  fetchMock.mockResolvedValueOnce(
    jsonResponse(200, {
      ...PARENT_PAGE,
      account: { ...PARENT_PAGE.account, name: SPOOF, partner: 'orange' },
    }),
  );
  renderWithIntl(<ParentPage accountId={7} />);
  await screen.findByText(SPOOF, { normalizer: (s) => s });
  isolated(SPOOF);
  isolated(PARENT_PAGE.account.email);
  isolated('orange');
});
