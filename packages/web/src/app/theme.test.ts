import { describe, expect, it } from 'vitest';
import { theme, themeColor, themeSelectedBg } from './theme';

/** WCAG 2.x relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [red, green, blue] = match.slice(1).map((pair) => {
    const channel = Number.parseInt(pair, 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** WCAG 2.x contrast ratio of two colours, from 1 (same) to 21 (black on white). */
function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

const white = '#ffffff';
const aa = 4.5;

describe('the orange theme', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', white)).toBeCloseTo(21, 5);
    expect(contrastRatio(white, white)).toBe(1);
    // antd's default orange, which the console used before: white text on it fails AA.
    expect(contrastRatio('#fa8c16', white)).toBeCloseTo(2.38, 2);
  });

  it('keeps white text on a primary button at 4.5:1 or more, hovered and pressed too', () => {
    const { colorPrimary, colorPrimaryHover, colorPrimaryActive } = theme.token ?? {};
    expect(colorPrimary).toBe(themeColor);
    for (const colour of [colorPrimary, colorPrimaryHover, colorPrimaryActive]) {
      expect(contrastRatio(colour ?? '', white), colour).toBeGreaterThanOrEqual(aa);
    }
  });

  it('keeps links and the selected menu item readable at 4.5:1 or more', () => {
    const { colorLink, colorLinkHover, colorLinkActive } = theme.token ?? {};
    for (const colour of [colorLink, colorLinkHover, colorLinkActive]) {
      expect(contrastRatio(colour ?? '', white), colour).toBeGreaterThanOrEqual(aa);
    }
    const menu = theme.components?.Menu;
    expect(menu?.itemSelectedBg).toBe(themeSelectedBg);
    expect(contrastRatio(String(menu?.itemSelectedColor), themeSelectedBg)).toBeGreaterThanOrEqual(aa);
  });

  it('stays orange: red leads, then green, then blue', () => {
    const [red, green, blue] = [1, 3, 5].map((at) => Number.parseInt(themeColor.slice(at, at + 2), 16)) as [
      number,
      number,
      number,
    ];
    expect(red).toBeGreaterThan(green);
    expect(green).toBeGreaterThan(blue);
  });
});
