import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * The `'sha256-…'` sources of the built console's inline scripts (index.html reads the session while the
 * code downloads): the policy allows exactly these, and no other inline script.
 */
function inlineScriptHashes(webDist: string): string[] {
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
function securityHeaders(webDist: string): Readonly<Record<string, string>> {
  const policy: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", "'wasm-unsafe-eval'", ...inlineScriptHashes(webDist)]],
    ['script-src-attr', ["'none'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'"]],
    ['worker-src', ["'self'", 'blob:']],
    ['frame-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return {
    'content-security-policy': policy.map(([name, sources]) => `${name} ${sources.join(' ')}`).join(';'),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    // Ignored by browsers over plain HTTP; behind a TLS proxy it keeps them on HTTPS. Not for subdomains:
    // other systems of the company may share the domain.
    'strict-transport-security': `max-age=${180 * 24 * 3600}`,
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * Sets the security headers on every request as it arrives (an error and a 404 included), from values
 * worked out once at start: a plain callback setting a dozen fixed strings. (@fastify/helmet built its
 * middleware from the options again on every request — 6% of the CPU of a list page.)
 */
export function registerSecurityHeaders(app: FastifyInstance, webDist: string): void {
  const headers = securityHeaders(webDist);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
