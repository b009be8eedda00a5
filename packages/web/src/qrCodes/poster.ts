/** Where a template puts the QR code and its caption on the background, in the background's pixels. */
export interface PosterLayout {
  qrX?: number | null;
  qrY?: number | null;
  qrSize?: number | null;
  caption?: string | null;
  captionX?: number | null;
  captionY?: number | null;
  captionSize?: number | null;
  captionColor?: string | null;
}

const placeholderColour = '#fa8c16';

/**
 * Draws the poster at the background's own size, from the same numbers the server stores: the background,
 * the QR code (or, for a template, a marked box where it will go) and the caption.
 */
export function drawPoster(
  canvas: HTMLCanvasElement,
  background: HTMLImageElement,
  layout: PosterLayout,
  qr: HTMLImageElement | null,
): void {
  canvas.width = background.naturalWidth;
  canvas.height = background.naturalHeight;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.drawImage(background, 0, 0);
  const [x, y, size] = [layout.qrX ?? 0, layout.qrY ?? 0, layout.qrSize ?? 0];
  if (size > 0) {
    if (qr) {
      context.drawImage(qr, x, y, size, size);
    } else {
      context.fillStyle = '#ffffff';
      context.fillRect(x, y, size, size);
      context.strokeStyle = placeholderColour;
      context.lineWidth = Math.max(2, size / 60);
      context.setLineDash([size / 20, size / 30]);
      context.strokeRect(x, y, size, size);
      context.setLineDash([]);
      context.fillStyle = placeholderColour;
      context.font = `${Math.round(size / 8)}px sans-serif`;
      context.textAlign = 'center';
      context.textBaseline = 'middle';
      context.fillText('二维码区域', x + size / 2, y + size / 2);
    }
  }
  if (layout.caption && layout.captionX != null && layout.captionY != null) {
    context.fillStyle = layout.captionColor || '#333333';
    context.font = `${layout.captionSize ?? 32}px sans-serif`;
    context.textAlign = 'left';
    context.textBaseline = 'top';
    context.fillText(layout.caption, layout.captionX, layout.captionY);
  }
}

/** An image loaded from `url`, for drawing. */
export function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('图片加载失败'));
    image.src = url;
  });
}
