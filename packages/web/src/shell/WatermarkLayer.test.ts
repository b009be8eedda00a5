import { describe, expect, it } from 'vitest';
import { watermarkStyle, watermarkText } from './WatermarkLayer';

describe('watermark', () => {
  it('reads "{userName} {code} {YYYY-MM-DD HH:mm}"', () => {
    expect(watermarkText({ userName: '系统管理员', code: 'CP0001' }, new Date(2025, 0, 5, 9, 7))).toBe(
      '系统管理员 CP0001 2025-01-05 09:07',
    );
  });

  it('is 340 wide, 0.125 opaque, in 18px type', () => {
    expect(watermarkStyle).toEqual({ width: 340, opacity: 0.125, fontSize: 18 });
  });
});
