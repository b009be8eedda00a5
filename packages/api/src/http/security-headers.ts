import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The `'sha256-…'` sources of the built console's inline scripts (index.html reads the session while the
 * code downloads): the policy allows exactly these, and no other inline script.
 */
export function inlineScriptHashes(webDist: string): string[] {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64')}'`,
  );
}

/**
 * Headers on every answer: a content security policy (own origin only; styles inline, as the component
 * library writes them at run time; WebAssembly for the PDF viewer), no framing by anyone, no referrer,
 * no MIME sniffing. The API explorer sets its own policy for its pages.
 */
export async function registerSecurityHeaders(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...inlineScriptHashes(webDist)],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Ignored by browsers over plain HTTP; behind a TLS proxy it keeps them on HTTPS. Not for subdomains:
    // other systems of the company may share the domain.
    strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
    crossOriginEmbedderPolicy: false,
  });
}
