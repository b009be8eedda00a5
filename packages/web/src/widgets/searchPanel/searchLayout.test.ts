import { describe, expect, it } from 'vitest';
import { fieldsPerRow, searchLayout } from './searchLayout';

describe('searchLayout', () => {
  it('keeps the first row when collapsed, with the buttons closing it', () => {
    expect(searchLayout(6, 4, true)).toEqual({ visible: 3, collapsible: true, actionOffset: 0 });
  });

  it('shows every field when expanded and pushes the buttons to the right of the last row', () => {
    expect(searchLayout(6, 4, false)).toEqual({ visible: 6, collapsible: true, actionOffset: 1 });
    expect(searchLayout(4, 4, false)).toEqual({ visible: 4, collapsible: true, actionOffset: 3 });
  });

  it('offers no toggle when the fields fit beside the buttons', () => {
    expect(searchLayout(3, 4, true)).toEqual({ visible: 3, collapsible: false, actionOffset: 0 });
    expect(searchLayout(1, 4, true)).toEqual({ visible: 1, collapsible: false, actionOffset: 2 });
  });

  it('keeps one field on a phone, where each takes a full row', () => {
    expect(searchLayout(5, 1, true)).toEqual({ visible: 1, collapsible: true, actionOffset: 0 });
  });

  it('fits fewer fields per row on narrower screens', () => {
    expect(fieldsPerRow({ xs: true, sm: true, md: true, lg: true, xl: true })).toBe(4);
    expect(fieldsPerRow({ xs: true, sm: true, md: true })).toBe(3);
    expect(fieldsPerRow({ xs: true, sm: true })).toBe(2);
    expect(fieldsPerRow({ xs: true })).toBe(1);
  });
});
