import { clampPage, dragTarget, DRAG_THRESHOLD, pageAt, pageStarts } from './carouselPaging';

// Geometry of the landing's strip: cards 300 px wide, 16 px apart (docs/product.md#screens).
const pitch = 316;
const gap = 16;

describe('carousel paging', () => {
  it('at 1280 px with two rows: two pages, the second at the end of a 412 px scroll', () => {
    const starts = pageStarts({ max: 412, width: 1152, pitch, gap });
    expect(starts).toEqual([0, 412]);
    // The old arithmetic read round(412 / 1152) = 0 here: the page must follow the scroll.
    expect(pageAt(412, starts)).toBe(1);
    expect(pageAt(0, starts)).toBe(0);
  });

  it('at 1024 px: pages are whole columns, the last one ends at the end', () => {
    const starts = pageStarts({ max: 588, width: 976, pitch, gap });
    expect(starts).toEqual([0, 588]);
    expect(pageAt(316, starts)).toBe(1);
  });

  it('at 375 px: one card a page, ten pages', () => {
    const max = 10 * pitch - gap - 327;
    const starts = pageStarts({ max, width: 327, pitch, gap });
    expect(starts).toHaveLength(10);
    expect(starts.slice(0, 3)).toEqual([0, 316, 632]);
    expect(starts[9]).toBe(max);
    expect(pageAt(632, starts)).toBe(2);
    expect(pageAt(max, starts)).toBe(9);
  });

  it('a strip that does not scroll has one page', () => {
    expect(pageStarts({ max: 0, width: 1152, pitch, gap })).toEqual([0]);
  });

  it('without a measured pitch, pages are a window wide', () => {
    expect(pageStarts({ max: 900, width: 400, pitch: 0, gap: 0 })).toEqual([0, 400, 800, 900]);
  });

  it('keeps page numbers within the pages', () => {
    expect(clampPage(-1, 3)).toBe(0);
    expect(clampPage(5, 3)).toBe(2);
    expect(clampPage(1, 3)).toBe(1);
  });

  describe('where a mouse drag settles', () => {
    it('moves on by a column in the direction of the drag, never back to the start', () => {
      expect(dragTarget(0, 200, { max: 2817, pitch })).toBe(316);
      expect(dragTarget(316, 150, { max: 2817, pitch })).toBe(0);
      expect(dragTarget(632, 700, { max: 2817, pitch })).toBe(948);
    });

    it('ends at the end of the strip when the last column is near (1280 px: 412)', () => {
      expect(dragTarget(0, 200, { max: 412, pitch })).toBe(412);
      expect(dragTarget(0, 300, { max: 588, pitch })).toBe(316);
    });

    it('a short drag settles on the nearest column', () => {
      expect(dragTarget(316, 316 + DRAG_THRESHOLD - 1, { max: 2817, pitch })).toBe(316);
    });

    it('stays within the strip', () => {
      expect(dragTarget(0, -90, { max: 412, pitch })).toBe(0);
      expect(dragTarget(412, 600, { max: 412, pitch })).toBe(412);
    });
  });
});
