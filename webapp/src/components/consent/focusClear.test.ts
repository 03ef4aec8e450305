import { overlaps, scrollNeeded, FOCUS_GAP } from './focusClear';

const banner = { top: 520, bottom: 659, left: 8, right: 367 };

describe('focus kept clear of the cookie banner (WCAG 2.4.11)', () => {
  it('does nothing for a control above or beside the banner', () => {
    expect(scrollNeeded({ top: 100, bottom: 148, left: 12, right: 300 }, banner)).toBe(0);
    const corner = { top: 600, bottom: 784, left: 904, right: 1264 };
    expect(scrollNeeded({ top: 700, bottom: 748, left: 400, right: 880 }, corner)).toBe(0);
  });

  it('scrolls a control behind the banner up to just above it', () => {
    const control = { top: 560, bottom: 608, left: 12, right: 300 };
    expect(overlaps(control, banner)).toBe(true);
    expect(scrollNeeded(control, banner)).toBe(608 - 520 + FOCUS_GAP);
  });

  it('brings a control taller than the room above the banner to the top of the window', () => {
    expect(scrollNeeded({ top: 200, bottom: 900, left: 0, right: 375 }, banner)).toBe(200);
  });
});
