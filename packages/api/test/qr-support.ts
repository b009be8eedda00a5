import { PNG } from 'pngjs';
import { multipart } from './files-support';
import type { TestContext } from './harness';

/** A real PNG of `width` × `height` pixels, one colour. */
export function pngOf(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(200);
  return PNG.sync.write(png);
}

/** Uploads `content` as `name` for the session of `token`; its location. */
export async function uploadFile(ctx: TestContext, token: string, name: string, content: Buffer): Promise<string> {
  const body = multipart([{ name, content }]);
  const answer = await ctx.request<{ fileLocation: string }>({
    method: 'POST',
    url: '/api/gateway/storage/file/private',
    token,
    payload: body.payload,
    headers: body.headers,
  });
  if (answer.code !== 0) throw new Error(`upload refused: ${answer.msg}`);
  return answer.data.fileLocation;
}

export type Template = Record<string, unknown> & { id: string; version: number; status: number };

/** A template form: a 750 × 1334 poster's QR code box near its bottom. */
export const templateForm = (name: string, background: string[], layout: object = {}) => ({
  name,
  background,
  qrX: 225,
  qrY: 900,
  qrSize: 300,
  caption: '扫码报名，首月租金立减',
  captionX: 120,
  captionY: 820,
  captionSize: 40,
  captionColor: '#FFFFFF',
  ...layout,
});

/** Logs in a second holder of every button of the branch company: a reviewer who is not the submitter. */
export async function secondAdmin(ctx: TestContext, admin: string, loginId: string): Promise<string> {
  const roles = await ctx.request<{ label: string; value: string }[]>({
    method: 'GET',
    url: '/api/lookups/roles',
    token: admin,
  });
  const superAdmin = roles.data.find((role) => role.label === '超级管理员');
  const created = await ctx.request<{ password: string }>({
    method: 'POST',
    url: '/api/users',
    token: admin,
    payload: { loginId, userName: '审核员', code: loginId.toUpperCase(), roleIds: [superAdmin?.value] },
  });
  if (created.code !== 0) throw new Error(created.msg);
  return ctx.login(loginId, created.data.password);
}
