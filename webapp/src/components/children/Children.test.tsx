import { fireEvent, screen } from '@testing-library/react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import { jsonResponse } from '@/test/http';
import { renderWithIntl } from '@/test/render';
import AgeGate from './AgeGate';
import ChildrenManager from './ChildrenManager';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

const g = en.AgeGate;
const t = en.ChildrenPage;
const fetchMock = jest.fn();
type Child = { id: number; name: string; ageBand: string; createdAt: string };
let children: Child[];

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.localStorage.setItem('kidj_ut', 'tok');
  children = [{ id: 1, name: 'Mia', ageBand: '3-5', createdAt: '2026-11-01T00:00:00Z' }];
  fetchMock.mockReset().mockImplementation(async (url: string, init: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/v5/children' && method === 'GET')
      return jsonResponse(200, { children, max: 6 });
    if (url === '/api/v5/children' && method === 'POST') {
      const body = JSON.parse(String(init.body));
      children = [...children, { id: 2, ...body, createdAt: '2026-11-22T00:00:00Z' }];
      return jsonResponse(201, children[1]);
    }
    if (url === '/api/v5/children/1' && method === 'PATCH') {
      children = [{ ...children[0], ...JSON.parse(String(init.body)) }];
      return jsonResponse(200, children[0]);
    }
    if (url === '/api/v5/children/1' && method === 'DELETE') {
      children = [];
      return jsonResponse(204, undefined);
    }
    return jsonResponse(500, {});
  });
  global.fetch = fetchMock;
});

const calls = (url: string, method: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? 'GET') === method);

describe('age gate', () => {
  function answer(year: string) {
    fireEvent.change(screen.getByRole('textbox', { name: g.birthYear }), {
      target: { value: year },
    });
    fireEvent.click(screen.getByRole('button', { name: g.submit }));
  }

  it('shows the family pages to an adult, keeping nothing in storage', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { allowed: true }));
    renderWithIntl(
      <AgeGate>
        <p>family pages</p>
      </AgeGate>,
    );
    expect(screen.queryByText('family pages')).not.toBeInTheDocument();
    answer('1985');
    expect(await screen.findByText('family pages')).toBeInTheDocument();
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ birthYear: 1985 });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v5/age-gate');
    expect(window.localStorage.length).toBe(1); // the token only
    // Only that the gate was passed, for this browser session; never the year.
    expect({ ...window.sessionStorage }).toEqual({ ageGatePassed: '1' });
  });

  it('blocks a child', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { allowed: false }));
    renderWithIntl(
      <AgeGate>
        <p>family pages</p>
      </AgeGate>,
    );
    answer('2019');
    expect(await screen.findByText(g.blocked)).toBeInTheDocument();
    expect(screen.queryByText('family pages')).not.toBeInTheDocument();
  });

  it('rejects a year that is not four digits without calling the API, and shows the API error', async () => {
    renderWithIntl(
      <AgeGate>
        <p>family pages</p>
      </AgeGate>,
    );
    answer('85');
    expect(screen.getByRole('alert')).toHaveTextContent(en.Errors.birthYearInvalid);
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { code: 1, message: 'birthYearInvalid' }));
    answer('2999');
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.birthYearInvalid);
  });

  it('asks once per browser session: /children, /children/1 and a return show the pages at once', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { allowed: true }));
    const first = renderWithIntl(
      <AgeGate>
        <p>family pages</p>
      </AgeGate>,
    );
    answer('1985');
    expect(await screen.findByText('family pages')).toBeInTheDocument();
    first.unmount();
    renderWithIntl(
      <AgeGate>
        <p>child settings</p>
      </AgeGate>,
    );
    expect(await screen.findByText('child settings')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: g.birthYear })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/v5/age-gate')).toHaveLength(1);
  });

  it('makes a refused child wait before asking again, even after a reload', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') });
    try {
      fetchMock.mockResolvedValueOnce(jsonResponse(200, { allowed: false }));
      const first = renderWithIntl(
        <AgeGate>
          <p>family pages</p>
        </AgeGate>,
      );
      answer('2019');
      expect(await screen.findByText(g.blocked)).toBeInTheDocument();
      expect(screen.getByText('You can try again in 5 minutes.')).toBeInTheDocument();
      expect(Object.keys({ ...window.sessionStorage })).toEqual(['ageGateRetryAt']);
      first.unmount();
      // The reload: still refused, no form to try again at once.
      renderWithIntl(
        <AgeGate>
          <p>family pages</p>
        </AgeGate>,
      );
      expect(await screen.findByText(g.blocked)).toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: g.birthYear })).not.toBeInTheDocument();
      const { act } = await import('@testing-library/react');
      act(() => {
        jest.advanceTimersByTime(300_000);
      });
      expect(screen.getByRole('textbox', { name: g.birthYear })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('speaks Arabic', () => {
    renderWithIntl(
      <AgeGate>
        <p>family pages</p>
      </AgeGate>,
      'ar',
    );
    expect(screen.getByRole('heading', { name: ar.AgeGate.title })).toBeInTheDocument();
  });
});

describe('child profiles', () => {
  it('lists the profiles and creates one with a name and an age band', async () => {
    renderWithIntl(<ChildrenManager />);
    expect(await screen.findByText('Mia')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: t.nameLabel }), {
      target: { value: ' Leo ' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: t.ageBandLabel }), {
      target: { value: '9-10' },
    });
    fireEvent.click(screen.getByRole('button', { name: t.add }));
    expect(await screen.findByText('Leo')).toBeInTheDocument();
    expect(JSON.parse(String(calls('/api/v5/children', 'POST')[0][1].body))).toEqual({
      name: 'Leo',
      ageBand: '9-10',
    });
  });

  it('shows the limit from the API', async () => {
    fetchMock.mockImplementationOnce(async () => jsonResponse(200, { children, max: 6 }));
    renderWithIntl(<ChildrenManager />);
    await screen.findByText('Mia');
    fetchMock.mockImplementationOnce(async () =>
      jsonResponse(400, { code: 1, message: 'childLimitReached', max: 6 }),
    );
    fireEvent.change(screen.getByRole('textbox', { name: t.nameLabel }), {
      target: { value: 'Zoe' },
    });
    fireEvent.click(screen.getByRole('button', { name: t.add }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You can create up to 6 child profiles.',
    );
  });

  it('offers no creation form once six profiles exist', async () => {
    children = Array.from({ length: 6 }, (_, i) => ({
      id: i + 1,
      name: `Kid ${i}`,
      ageBand: '6-8',
      createdAt: '',
    }));
    renderWithIntl(<ChildrenManager />);
    expect(
      await screen.findByText('You have reached the limit of 6 profiles.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.add })).not.toBeInTheDocument();
  });

  it('renames a profile', async () => {
    renderWithIntl(<ChildrenManager />);
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Mia' }));
    fireEvent.change(screen.getByDisplayValue('Mia'), { target: { value: 'Mimi' } });
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText('Mimi')).toBeInTheDocument();
    expect(JSON.parse(String(calls('/api/v5/children/1', 'PATCH')[0][1].body))).toEqual({
      name: 'Mimi',
    });
  });

  it('deletes a profile after confirmation', async () => {
    renderWithIntl(<ChildrenManager />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Mia' }));
    expect(calls('/api/v5/children/1', 'DELETE')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: t.deleteYes }));
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
    expect(calls('/api/v5/children/1', 'DELETE')).toHaveLength(1);
  });

  it('speaks Arabic', async () => {
    renderWithIntl(<ChildrenManager />, 'ar');
    await screen.findByText('Mia');
    expect(
      screen.getByRole('combobox', { name: ar.ChildrenPage.ageBandLabel }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('من 3 إلى 5 سنوات')).toHaveLength(2); // Mia's band and the option
  });
});
