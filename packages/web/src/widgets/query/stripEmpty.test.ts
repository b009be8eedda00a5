import { describe, expect, it } from 'vitest';
import { stripEmpty } from './stripEmpty';

describe('stripEmpty', () => {
  it('keeps zero and false but drops blank, null and empty values', () => {
    expect(stripEmpty({ a: '', b: '  ', c: null, d: undefined, e: [], f: 0, g: false, h: 'x', i: [1] })).toEqual({
      f: 0,
      g: false,
      h: 'x',
      i: [1],
    });
  });
});
