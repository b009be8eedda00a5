import { imageSize } from 'image-size';
import type { FileStorage } from '../files/storage';
import { businessError } from '../http/errors';
import type { Row } from '../resource/family';

/** Largest background a template takes, as the form's upload says. */
const maxBackgroundBytes = 5 * 1024 * 1024;

async function bytesOf(storage: FileStorage, location: string): Promise<Buffer> {
  const size = await storage.size(location);
  if (size === null) throw businessError('背景图不存在，请重新上传');
  if (size > maxBackgroundBytes) throw businessError('背景图：上传文件大小不能超过5MB!');
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(location)) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The real width and height of an uploaded background, read from the image's own header. */
export async function backgroundSize(storage: FileStorage, location: string) {
  const bytes = await bytesOf(storage, location);
  try {
    const { width, height } = imageSize(bytes);
    if (width && height) return { width, height };
  } catch {
    // Not an image image-size can read: answered below.
  }
  throw businessError('背景图无法识别，请上传PNG或JPG图片');
}

/**
 * Why the QR code's box or the caption would not lie on a background of `width` × `height`, or null. The
 * box must lie wholly inside; the caption must start inside.
 */
export function layoutProblem(layout: Row, width: number, height: number): string | null {
  const [x, y, size] = [Number(layout.qrX), Number(layout.qrY), Number(layout.qrSize)];
  if (x + size > width || y + size > height) {
    return `二维码超出背景图范围：背景图为${width}×${height}像素，二维码右下角在（${x + size}，${y + size}）`;
  }
  if (layout.caption) {
    if (layout.captionX == null || layout.captionY == null) return '填写文案时，请同时填写文案左边距和上边距';
    if (Number(layout.captionX) >= width || Number(layout.captionY) >= height) {
      return `文案位置超出背景图范围：背景图为${width}×${height}像素`;
    }
  }
  return null;
}
