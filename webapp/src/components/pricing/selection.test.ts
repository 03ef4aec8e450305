import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { renderHook } from '@testing-library/react';
import { DEFAULT_SELECTION } from './apps';
import { loadSelection, saveSelection, useStoredSelection, withoutOwnedApps } from './selection';

beforeEach(() => window.sessionStorage.clear());

describe('withoutOwnedApps: the subscribe page does not sell an app the family already has', () => {
  const all = { period: 'P1Y', apps: ['tv', 'books', 'games'] } as const;

  it('leaves TV out of the default selection for a parent who has TV', () => {
    expect(withoutOwnedApps({ ...all, apps: [...all.apps] }, new Set(['tv']))).toEqual({
      period: 'P1Y',
      apps: ['books', 'games'],
    });
  });

  it('keeps the apps of an explicit pick that the parent lacks', () => {
    expect(withoutOwnedApps({ period: 'P1M', apps: ['tv', 'games'] }, new Set(['tv']))).toEqual({
      period: 'P1M',
      apps: ['games'],
    });
  });

  it('offers every missing app when the pick held only apps the parent has', () => {
    expect(withoutOwnedApps({ period: 'P1Y', apps: ['tv'] }, new Set(['tv', 'books']))).toEqual({
      period: 'P1Y',
      apps: ['games'],
    });
  });

  it('changes nothing for a parent with no app, or with all three (sent to the profile)', () => {
    const pick = { period: 'P1M' as const, apps: ['books' as const] };
    expect(withoutOwnedApps(pick, new Set())).toBe(pick);
    expect(withoutOwnedApps(pick, new Set(['tv', 'books', 'games']))).toBe(pick);
  });

  it('works on the stored pick without changing it', () => {
    saveSelection({ period: 'P1M', apps: ['tv', 'books'] });
    expect(withoutOwnedApps(loadSelection(), new Set(['books']))).toEqual({
      period: 'P1M',
      apps: ['tv'],
    });
    expect(loadSelection()).toEqual({ period: 'P1M', apps: ['tv', 'books'] });
  });
});

describe('useStoredSelection: the stored pick read during render', () => {
  it("is this tab's pick, the same object while it is unchanged, the new one once saved", () => {
    saveSelection({ period: 'P1M', apps: ['books'] });
    const { result, rerender } = renderHook(() => useStoredSelection());
    expect(result.current).toEqual({ period: 'P1M', apps: ['books'] });
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    saveSelection({ period: 'P1Y', apps: ['tv'] });
    rerender();
    expect(result.current).toEqual({ period: 'P1Y', apps: ['tv'] });
  });

  it('is the default on the server, which cannot see the browser storage', () => {
    saveSelection({ period: 'P1M', apps: ['books'] });
    function Probe() {
      const selection = useStoredSelection();
      return createElement('p', null, `${selection.period} ${selection.apps.join(',')}`);
    }
    expect(renderToString(createElement(Probe))).toContain(
      `${DEFAULT_SELECTION.period} ${DEFAULT_SELECTION.apps.join(',')}`,
    );
  });
});
