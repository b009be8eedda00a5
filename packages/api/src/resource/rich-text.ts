import { createHash, randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type FieldDef, isBlankHtml, richTextPolicy } from '@cp/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import { contentMatches, contentTypeOf } from '../files/content';
import { newFileLocation } from '../files/service';
import { storageFor } from '../files/storage';
import { files } from '../files/tables';
import { badRequest } from '../http/errors';
import type { Row, ServerResource, WriteContext } from './family';

/** Where the console serves its public files: an image there is the console's own, not a hot link. */
const ownImage = /^\/api\/files\/public\/[a-z0-9][a-z0-9/_.-]*$/i;
const pending = 'cp-pending-image:';
const dataImage = /^data:image\/(png|jpe?g|gif|webp);base64,([a-z0-9+/=\s]+)$/i;

/**
 * One pass of the allow-list over `html`: only `richTextPolicy`'s tags and attributes, links of its schemes
 * opening apart (`rel="noopener noreferrer"`), and each picture's `src` through `image` — which answers the
 * source to keep, or null to drop the picture.
 */
function allowListed(html: string, image: (src: string) => string | null): string {
  return sanitizeHtml(html, {
    allowedTags: [...richTextPolicy.tags],
    allowedAttributes: Object.fromEntries(
      Object.entries(richTextPolicy.attributes).map(([tag, names]) => [tag, [...names]]),
    ),
    allowedSchemes: [...richTextPolicy.linkSchemes],
    allowedSchemesByTag: { img: [pending.slice(0, -1)] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, rel: 'noopener noreferrer', ...(attribs.target ? { target: '_blank' } : {}) },
      }),
      img: (tagName, attribs) => {
        const src = attribs.src ? image(attribs.src.trim()) : null;
        const { src: _given, ...rest } = attribs;
        return { tagName, attribs: src ? { src, ...rest } : rest };
      },
    },
    // A picture whose source was not kept is gone, not left as an empty frame.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });
}

/** A pasted picture as bytes and an extension, or a problem the writer can act on. */
function decodeDataImage(src: string, maxBytes: number, title: string): { bytes: Buffer; extension: string } {
  const match = dataImage.exec(src);
  if (!match?.[1] || !match[2]) throw badRequest(`${title}：图片格式不支持，仅支持PNG、JPG、GIF、WEBP`);
  const bytes = Buffer.from(match[2].replace(/\s/g, ''), 'base64');
  if (bytes.length > maxBytes) {
    throw badRequest(`${title}：图片不能超过${Math.floor(maxBytes / 1024 / 1024)}MB`);
  }
  return { bytes, extension: match[1].toLowerCase() === 'jpeg' ? 'jpg' : match[1].toLowerCase() };
}

/**
 * Stores a pasted picture as a public file of the branch company, recorded in the write's transaction, and
 * answers the address it is served at.
 */
async function storeDataImage(ctx: WriteContext, src: string, title: string): Promise<string> {
  const { config } = ctx.request.server;
  const { bytes, extension } = decodeDataImage(src, config.files.publicMaxFileMb * 1024 * 1024, title);
  const storage = storageFor(config.dataDir);
  const staged = path.join(storage.stagingDir, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);
  await writeFile(staged, bytes);
  if (!(await contentMatches(extension, bytes.subarray(0, 4096), staged))) {
    await storage.removeStaged(path.basename(staged));
    throw badRequest(`${title}：图片内容与格式不符`);
  }
  const fileLocation = newFileLocation('public', extension);
  await storage.putFile(fileLocation, staged);
  await ctx.tx.insert(files).values({
    tenantId: ctx.auth.tenantId,
    fileLocation,
    attachmentName: `正文图片.${extension}`,
    fileExtensions: extension,
    contentType: contentTypeOf(extension),
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    visibility: 'public',
    purpose: 'rich-text-image',
    uploadedBy: ctx.auth.userId,
  });
  return `/api/files/public/${fileLocation.slice('public/'.length)}`;
}

/** Which of the console's own public files named in `sources` belong to the branch company. */
async function ownFiles(ctx: WriteContext, sources: readonly string[]): Promise<Set<string>> {
  if (sources.length === 0) return new Set();
  const locations = sources.map((src) => `public/${src.slice('/api/files/public/'.length)}`);
  const rows = await ctx.tx
    .select({ fileLocation: files.fileLocation })
    .from(files)
    .where(
      and(
        eq(files.tenantId, ctx.auth.tenantId),
        eq(files.visibility, 'public'),
        inArray(files.fileLocation, locations),
      ),
    );
  return new Set(rows.map((row) => `/api/files/public/${row.fileLocation.slice('public/'.length)}`));
}

/**
 * Rich text as it may be stored: the allow-list kept (no script, style, frame, event handler or
 * `javascript:`), each pasted `data:` picture stored as the branch company's own file, each of its own files
 * kept, and every other picture — a hot link to someone else's server — dropped (this server does not fetch
 * outside addresses). Sanitised once to find the pictures, then again with their final sources.
 */
async function sanitizeRichText(ctx: WriteContext, html: string, def: FieldDef): Promise<string> {
  const sources: string[] = [];
  const marked = allowListed(html, (src) => {
    if (!src.startsWith('data:') && !ownImage.test(src)) return null;
    sources.push(src);
    return `${pending}${sources.length - 1}`;
  });
  const own = await ownFiles(
    ctx,
    sources.filter((src) => ownImage.test(src)),
  );
  const stored = new Map<string, string>();
  const finals: (string | null)[] = [];
  for (const src of sources) {
    if (!src.startsWith('data:')) finals.push(own.has(src) ? src : null);
    else {
      const kept = stored.get(src) ?? (await storeDataImage(ctx, src, def.title));
      stored.set(src, kept);
      finals.push(kept);
    }
  }
  return allowListed(marked, (src) =>
    src.startsWith(pending) ? (finals[Number(src.slice(pending.length))] ?? null) : null,
  );
}

/** The values of a write with each rich-text field sanitised (create, edit and import alike). */
export async function withSanitizedRichText(family: ServerResource, ctx: WriteContext, values: Row): Promise<Row> {
  const fields = family.resource.entries.filter(
    ([name, def]) => def.kind === 'richText' && typeof values[name] === 'string',
  );
  if (fields.length === 0) return values;
  const clean: Row = { ...values };
  for (const [name, def] of fields) {
    const html = await sanitizeRichText(ctx, values[name] as string, def);
    // What was only a script or a hot-linked picture leaves nothing to show.
    if (def.required && isBlankHtml(html)) throw badRequest(`${def.title}：不能为空（不允许的内容已被移除）`);
    clean[name] = html;
  }
  return clean;
}
