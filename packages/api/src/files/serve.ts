import type { FastifyReply, FastifyRequest } from 'fastify';
import { failure } from '../http/reply';
import { contentDisposition } from './disposition';

export interface Deliverable {
  size: number;
  contentType: string;
  fileName: string;
  disposition: 'inline' | 'attachment';
  /** Seconds a browser may keep it. */
  maxAge: number;
  open(range?: { start: number; end: number }): Promise<NodeJS.ReadableStream>;
}

/** `bytes=a-b` of one range within `size`, null for none, 'invalid' when it cannot be served. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}

/**
 * A stored file opened in a tab runs nothing (an uploaded page's scripts stay dead) but shows: images,
 * media, and a PDF in the browser's own viewer, which is embedded as an object.
 */
const filePolicy =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'";

/** Streams a file with its name (RFC 6266) and single-range support, for the PDF viewer's partial loads. */
export async function sendFile(request: FastifyRequest, reply: FastifyReply, file: Deliverable) {
  const range = parseRange(request.headers.range, file.size);
  if (range === 'invalid') {
    return reply.status(416).header('content-range', `bytes */${file.size}`).send(failure(416, '请求的范围无效'));
  }
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.disposition, file.fileName))
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', filePolicy)
    .header('cache-control', `private, max-age=${file.maxAge}`);
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(await file.open(range));
  }
  reply.header('content-length', file.size);
  return reply.send(await file.open());
}
