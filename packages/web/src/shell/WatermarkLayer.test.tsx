import type { UserInfo } from '@cp/contracts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WatermarkLayer, watermarkText } from './WatermarkLayer';

interface Stroke {
  text: string;
  font: string;
  fillStyle: string;
  /** The width of the canvas the text is drawn on: one tile of the watermark. */
  tileWidth: string | null;
}

/** happy-dom has no 2D canvas: this one records the text drawn on it. */
function recordCanvas(): Stroke[] {
  const strokes: Stroke[] = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    const canvas = this;
    const context = {
      font: '',
      fillStyle: '',
      save() {},
      translate() {},
      rotate() {},
      drawImage() {},
      measureText: (text: string) => ({ width: text.length * 9, fontBoundingBoxAscent: 16, fontBoundingBoxDescent: 4 }),
      fillText(text: string) {
        strokes.push({
          text,
          font: context.font,
          fillStyle: context.fillStyle,
          tileWidth: canvas.getAttribute('width'),
        });
      },
    };
    return context as unknown as CanvasRenderingContext2D;
  } as unknown as typeof HTMLCanvasElement.prototype.getContext);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,TILE');
  return strokes;
}

const user = { userName: '系统管理员', code: 'CP0001' } as UserInfo;

describe('the watermark layer', () => {
  let strokes: Stroke[];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date(2025, 0, 5, 9, 7, 40));
    strokes = recordCanvas();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('draws the user’s name, staff number and the minute in faint 18px type, 340px a tile', async () => {
    render(
      <WatermarkLayer user={user}>
        <p>车辆列表</p>
      </WatermarkLayer>,
    );
    expect(screen.getByText('车辆列表')).toBeTruthy();
    await vi.waitFor(() => expect(strokes.length).toBeGreaterThan(0));
    expect(strokes.at(-1)).toEqual({
      text: '系统管理员 CP0001 2025-01-05 09:07',
      font: expect.stringMatching(/ 18px\b/),
      fillStyle: 'rgba(0, 0, 0, 0.125)',
      tileWidth: '340px',
    });
  });

  it('lays the drawn tile over the whole page without catching clicks', async () => {
    const { container } = render(<WatermarkLayer user={user}>内容</WatermarkLayer>);
    const layer = container.querySelector('.watermark-layer') as HTMLElement;
    expect(layer.dataset.watermark).toBe('系统管理员 CP0001 2025-01-05 09:07');
    const tile = await vi.waitFor(() => {
      const found = [...layer.querySelectorAll('div')].find((div) => div.style.backgroundImage.includes('TILE'));
      if (!found) throw new Error('no watermark tile yet');
      return found;
    });
    expect(tile.style.pointerEvents).toBe('none');
    expect(tile.style.backgroundRepeat).toBe('repeat');
    expect([tile.style.width, tile.style.height]).toEqual(['100%', '100%']);
  });

  it('moves on to the next minute while the user stays on a page', async () => {
    const { container } = render(<WatermarkLayer user={user}>内容</WatermarkLayer>);
    const layer = container.querySelector('.watermark-layer') as HTMLElement;
    await vi.waitFor(() => expect(strokes.at(-1)?.text).toBe('系统管理员 CP0001 2025-01-05 09:07'));
    // antd draws at most once a frame; a minute holds many.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    act(() => {
      vi.setSystemTime(new Date(2025, 0, 5, 9, 8, 10));
      vi.advanceTimersByTime(30_000);
    });
    expect(layer.dataset.watermark).toBe('系统管理员 CP0001 2025-01-05 09:08');
    await vi.waitFor(() => expect(strokes.at(-1)?.text).toBe('系统管理员 CP0001 2025-01-05 09:08'));
  });
});

describe('watermarkText', () => {
  it('reads "{userName} {code} {YYYY-MM-DD HH:mm}"', () => {
    expect(watermarkText({ userName: '系统管理员', code: 'CP0001' }, new Date(2025, 0, 5, 9, 7))).toBe(
      '系统管理员 CP0001 2025-01-05 09:07',
    );
  });
});
