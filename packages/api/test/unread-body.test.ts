import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileTestContext, startFileApp } from './files-support';

let ctx: FileTestContext;
let admin: string;
let port: number;

beforeAll(async () => {
  ctx = await startFileApp();
  admin = await ctx.login('admin', 'admin123');
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx.close());

interface Exchange {
  /** Everything the server sent until it closed the connection. */
  answer: string;
  /** Bytes of the body the client had written when the server closed the connection. */
  sentWhenClosed: number;
}

/**
 * Sends a request over a raw connection: its head, then its body in 64 KB pieces, one piece after the
 * server took the one before, stopping at the first sign that the server closed the connection. A client that
 * keeps sending into a connection nobody reads would wait here until the test's timeout: the body is 40 MB
 * and a server that reads nothing takes at most a few megabytes into its socket buffers.
 */
function exchange(head: string, body: Buffer): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const received: Buffer[] = [];
    let sent = 0;
    let closed = false;
    const finish = () => {
      if (closed) return;
      closed = true;
      socket.destroy();
      resolve({ answer: Buffer.concat(received).toString('utf8'), sentWhenClosed: sent });
    };
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // Writing after the server closed: the answer arrived before.
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') finish();
      else reject(error);
    });
    const writeNext = () => {
      if (closed) return;
      if (sent >= body.length) return;
      const piece = body.subarray(sent, sent + 65_536);
      sent += piece.length;
      socket.write(piece, (error) => {
        if (!error) writeNext();
      });
    };
    socket.write(head, () => writeNext());
  });
}

const boundary = 'cp-unread-body';

function multipartRequest(path: string, fileBytes: number, token?: string) {
  const open = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="违章.xlsx"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  const close = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([open, Buffer.alloc(fileBytes, 0x50), close]);
  const head =
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${token ? `token: ${token}\r\n` : ''}` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`;
  return { head, body };
}

const envelopeOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { msg: string };

describe('an answer given before the request body was read', () => {
  it('answers an upload over the limit at once and closes the connection', async () => {
    const { head, body } = multipartRequest('/api/vehicle-violations/import', 40 * 1024 * 1024, admin);
    const { answer, sentWhenClosed } = await exchange(head, body);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(envelopeOf(answer).msg).toBe('上传文件大小不能超过2MB!');
    // The server stopped taking the body soon after the limit (2 MB), not after the whole 40 MB.
    expect(sentWhenClosed).toBeLessThan(body.length);
  });

  it('does the same for an upload refused before it is read (no session)', async () => {
    const { head, body } = multipartRequest('/api/vehicle-violations/import', 40 * 1024 * 1024);
    const { answer, sentWhenClosed } = await exchange(head, body);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(envelopeOf(answer)).toMatchObject({ code: 1001 });
    expect(sentWhenClosed).toBeLessThan(body.length);
  });

  it('keeps the connection of a request whose body was read', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: 'admin', password: 'wrong' }),
    });
    expect(response.headers.get('connection')).not.toBe('close');
    expect(await response.json()).toMatchObject({ msg: '账号或密码错误' });
  });
});
