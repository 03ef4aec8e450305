import { fireEvent, render, screen } from '@testing-library/react';
import en from '@locales/en.json';
import { renderWithIntl } from '@/test/render';
import Banner, { MARQUEE_REPETITIONS, MARQUEE_TOTAL_SECONDS } from './Banner';
import MarqueePause from './MarqueePause';

describe('scrolling banner (WCAG 2.2.2)', () => {
  it('the button pauses and plays again, saying what it will do', () => {
    render(<MarqueePause pauseLabel="Pause" playLabel="Play" />);
    const button = screen.getByRole('button', { name: 'Pause' });
    expect(button).toHaveAttribute('data-paused', 'false');
    fireEvent.click(button);
    expect(screen.getByRole('button', { name: 'Play' })).toHaveAttribute('data-paused', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });

  it('runs 70 times over 1500 seconds (docs/product.md#constants), then stops', () => {
    const { container } = renderWithIntl(<Banner />);
    const track = container.querySelector<HTMLElement>('.marquee-track')!;
    expect(MARQUEE_REPETITIONS).toBe(70);
    expect(MARQUEE_TOTAL_SECONDS).toBe(1500);
    expect(track.style.animationIterationCount).toBe('70');
    expect(track.style.animationDuration).toBe('21.43s');
    expect(screen.getByRole('button', { name: en.HomePage.banner.pause })).toBeInTheDocument();
  });
});
