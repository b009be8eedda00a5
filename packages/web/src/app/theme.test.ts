import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { theme, themeColor, themeSelectedBg } from './theme';

type Rgb = [number, number, number];

/** A CSS colour as antd writes it (`#rrggbb`, `rgba(r, g, b, a)`), laid over `under` when translucent. */
function parse(colour: string, under: Rgb = [255, 255, 255]): Rgb {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (hex) return hex.slice(1).map((pair) => Number.parseInt(pair, 16)) as Rgb;
  const rgba = /^rgba?\(\s*(\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\s*\)$/.exec(colour);
  if (!rgba) throw new Error(`not a colour: ${colour}`);
  const alpha = rgba[4] === undefined ? 1 : Number(rgba[4]);
  return [1, 2, 3].map((at, index) => Number(rgba[at]) * alpha + (under[index] ?? 255) * (1 - alpha)) as Rgb;
}

/** WCAG 2.x relative luminance. */
function luminance([red, green, blue]: Rgb): number {
  const [r, g, b] = [red, green, blue].map((value) => {
    const channel = value / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of text in `text` on `background`, from 1 (same) to 21 (black on white). */
function contrastRatio(text: string, background: string): number {
  const under = parse(background);
  const [lighter, darker] = [luminance(parse(text, under)), luminance(under)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

const white = '#ffffff';
/** The console's page background (global.css). */
const pageGrey = '#f5f6f8';
const aa = 4.5;
/** Every token as antd resolves it from the console's theme: what the components are drawn with. */
const token = antdTheme.getDesignToken(theme) as unknown as Record<string, string>;

describe('the orange theme', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', white)).toBeCloseTo(21, 5);
    expect(contrastRatio(white, white)).toBe(1);
    // antd's default orange, which the console used before: white text on it fails AA.
    expect(contrastRatio(white, '#fa8c16')).toBeCloseTo(2.38, 2);
    // antd's default grey text, 45 % black over white.
    expect(contrastRatio('rgba(0, 0, 0, 0.45)', white)).toBeCloseTo(3.35, 2);
  });

  it('keeps white text on a primary button at 4.5:1 or more, hovered and pressed too', () => {
    expect(token.colorPrimary).toBe(themeColor);
    for (const name of ['colorPrimary', 'colorPrimaryHover', 'colorPrimaryActive']) {
      expect(contrastRatio(white, token[name] ?? ''), name).toBeGreaterThanOrEqual(aa);
    }
  });

  it('keeps links, the selected tab and the selected menu item at 4.5:1 or more', () => {
    for (const name of [
      'colorLink',
      'colorLinkHover',
      'colorLinkActive',
      'colorPrimaryText',
      'colorPrimaryTextHover',
    ]) {
      expect(contrastRatio(token[name] ?? '', white), name).toBeGreaterThanOrEqual(aa);
    }
    const menu = theme.components?.Menu;
    expect(menu?.itemSelectedBg).toBe(themeSelectedBg);
    expect(contrastRatio(String(menu?.itemSelectedColor), themeSelectedBg)).toBeGreaterThanOrEqual(aa);
  });

  it('keeps grey text (descriptions, breadcrumb, placeholders) at 4.5:1 on white and on the page grey', () => {
    for (const name of ['colorTextSecondary', 'colorTextTertiary', 'colorTextDescription', 'colorTextPlaceholder']) {
      for (const background of [white, pageGrey]) {
        expect(contrastRatio(token[name] ?? '', background), `${name} on ${background}`).toBeGreaterThanOrEqual(aa);
      }
    }
  });

  it("keeps every coloured tag's text at 4.5:1 on its pale background", () => {
    const presets = ['red', 'volcano', 'orange', 'gold', 'yellow', 'lime', 'green', 'cyan', 'blue', 'geekblue'];
    for (const preset of [...presets, 'purple', 'magenta', 'pink']) {
      // Under both of antd's names for a palette step: its stylesheet reads `orange-7`, its code `orange7`.
      for (const [text, background] of [
        [`${preset}7`, `${preset}1`],
        [`${preset}-7`, `${preset}-1`],
      ] as const) {
        expect(contrastRatio(token[text] ?? '', token[background] ?? ''), text).toBeGreaterThanOrEqual(aa);
      }
    }
  });

  it('keeps status tags, status text, danger buttons and the count badge at 4.5:1', () => {
    // The status tags the console shows (processing, success, error) write their colour on its pale background.
    for (const status of ['Success', 'Info', 'Error']) {
      const text = token[`color${status}`] ?? '';
      expect(contrastRatio(text, token[`color${status}Bg`] ?? ''), status).toBeGreaterThanOrEqual(aa);
      expect(contrastRatio(text, white), `${status} on white`).toBeGreaterThanOrEqual(aa);
    }
    for (const name of ['colorSuccessText', 'colorWarningText', 'colorErrorText']) {
      expect(contrastRatio(token[name] ?? '', white), name).toBeGreaterThanOrEqual(aa);
    }
    expect(contrastRatio(white, token.colorError ?? '')).toBeGreaterThanOrEqual(aa);
  });

  it('stays orange: red leads, then green, then blue', () => {
    const [red, green, blue] = parse(themeColor);
    expect(red).toBeGreaterThan(green);
    expect(green).toBeGreaterThan(blue);
  });
});
