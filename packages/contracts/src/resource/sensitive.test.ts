import { describe, expect, it } from 'vitest';
import { isMaskedValue, maskSensitive } from './sensitive';

describe('masked mobiles', () => {
  it('show the first three and last four digits, and are known when sent back', () => {
    const masked = maskSensitive('mobile', '13812345678');
    expect(masked).toBe('138****5678');
    expect(isMaskedValue('mobile', masked)).toBe(true);
    expect(isMaskedValue('mobile', '13812345678')).toBe(false);
    expect(isMaskedValue('idCard', masked)).toBe(false);
  });
});
