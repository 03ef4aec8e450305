import { render, screen } from '@testing-library/react';
import { NotOnTv, PlatformProvider, useIsTv } from './PlatformContext';

// The platform is told apart in the browser, so the server's HTML is the same for everyone.
function Probe() {
  return <p>{useIsTv() ? 'tv' : 'web'}</p>;
}

const TV = 'Mozilla/5.0 (Linux; OMI/3.0) AppleWebKit/537.36';

function withUserAgent(userAgent: string) {
  return jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}

afterEach(() => jest.restoreAllMocks());

describe('PlatformProvider', () => {
  it('tells a TV platform from its user agent, and leaves the footer out there', () => {
    withUserAgent(TV);
    render(
      <PlatformProvider>
        <Probe />
        <NotOnTv>footer</NotOnTv>
      </PlatformProvider>,
    );
    expect(screen.getByText('tv')).toBeInTheDocument();
    expect(screen.queryByText('footer')).toBeNull();
  });

  it('shows everything elsewhere', () => {
    withUserAgent('Mozilla/5.0 (Windows NT 10.0) Chrome/126');
    render(
      <PlatformProvider>
        <Probe />
        <NotOnTv>footer</NotOnTv>
      </PlatformProvider>,
    );
    expect(screen.getByText('web')).toBeInTheDocument();
    expect(screen.getByText('footer')).toBeInTheDocument();
  });
});
