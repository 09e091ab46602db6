import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { AnyRouter } from '@tanstack/router-core';
import { getScrollRestorationScriptForRouter } from '@tanstack/router-core/scroll-restoration-script';
import type { FastifyInstance } from 'fastify';

/** Paths whose files other sites may embed: product pictures in a mail, the icons a feed points at. */
const EMBEDDABLE = /^\/(?:media|icons)\/|^\/favicon\./;
const ONE_YEAR_SECONDS = 31_536_000;

/**
 * CSP hashes of the page template's inline scripts (the early-input capture, index.html), read from the
 * built template so a change to the script needs no change here. Data blocks (`type="application/json"`,
 * JSON-LD) are never executed, so the policy does not apply to them.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type !== undefined && type !== 'module' && type !== 'text/javascript') continue;
    hashes.push(sha256Source(match[2] ?? ''));
  }
  return hashes;
}

const sha256Source = (script: string): string =>
  `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/**
 * The one inline script the server renderer writes into a page: the router's scroll restoration
 * (src/ui/router.ts `scrollRestoration: true`, default key), which TanStack's ScriptOnce emits as this
 * text followed by `;document.currentScript.remove()`. Built from the router's own code, so a router
 * upgrade that changes it changes the hash too; test/e2e/content-security-policy.test.ts catches a page
 * that carries any other.
 */
export function routerScrollRestorationScript(): string | null {
  const router = { options: { scrollRestoration: true }, latestLocation: {} } as unknown as AnyRouter;
  const script = getScrollRestorationScriptForRouter(router);
  return script === null ? null : `${script};document.currentScript.remove()`;
}

/**
 * The Content-Security-Policy of every answer. Scripts: the shop's own files plus, by hash, the template's
 * inline scripts and the router's scroll restoration. Styles allow 'unsafe-inline': the server-drawn page carries React's `style`
 * attributes and the boot screen's <style>, which hashes cannot cover (attributes), and styles cannot
 * run code. Fonts and pictures also come as data: (the inlined «₽» face) and blob: (upload previews).
 */
function contentSecurityPolicy(scriptHashes: readonly string[], metrika: boolean): Record<string, string[]> {
  const yandex = metrika ? METRIKA_SOURCES : NO_SOURCES;
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...yandex.script],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...yandex.img],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...yandex.connect],
    'frame-src': ["'self'", ...yandex.frame],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
  };
}

interface ExtraSources {
  readonly script: readonly string[];
  readonly img: readonly string[];
  readonly connect: readonly string[];
  readonly frame: readonly string[];
}

const NO_SOURCES: ExtraSources = { script: [], img: [], connect: [], frame: [] };

/**
 * Yandex Metrica's hosts (issue 26, item 4), only with METRIKA_COUNTER_ID set, as Yandex lists them for a
 * site with a Content-Security-Policy: the tag (tag.js) and its scripts come from mc.yandex.ru and
 * yastatic.net; hits go to mc.yandex.ru and mc.yandex.com as requests and as pixels; the counter's frame
 * (Вебвизор, cookie sync) is served by both mc hosts. No 'unsafe-inline': the shop starts the counter
 * from its own code (src/infrastructure/yandex-metrika.adapter.ts), not from Yandex's inline snippet.
 */
const METRIKA_SOURCES: ExtraSources = {
  script: ['https://mc.yandex.ru', 'https://yastatic.net'],
  img: ['https://mc.yandex.ru', 'https://mc.yandex.com'],
  connect: ['https://mc.yandex.ru', 'https://mc.yandex.com'],
  frame: ['https://mc.yandex.ru', 'https://mc.yandex.com'],
};

/** The pay page and the pay-link calls (their addresses or bodies carry a pay-link token). */
const PAY_LINK_PAGE = /^\/(?:pay\/|api\/pay-links\/)/;

/**
 * Security headers (helmet: CSP, X-Frame-Options DENY, nosniff, Referrer-Policy) and compression of
 * answers built per request (API JSON, the page document). The build's hashed files already go out as
 * their .br/.gz copies (static-files.ts), which @fastify/compress leaves alone (Content-Encoding set).
 * HSTS is sent only on requests that came over https (directly or, with TRUST_PROXY, through the proxy):
 * on plain http it would be ignored, and on a local test address it would be wrong.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  options: {
    readonly clientDir?: string;
    /** METRIKA_COUNTER_ID is set: the policy admits Yandex Metrica's hosts (METRIKA_SOURCES). */
    readonly metrika?: boolean;
  },
): Promise<void> {
  const template = options.clientDir ? join(options.clientDir, 'index.html') : undefined;
  const scrollScript = routerScrollRestorationScript();
  const scriptHashes = [
    ...(template !== undefined && existsSync(template)
      ? inlineScriptHashes(readFileSync(template, 'utf8'))
      : []),
    ...(scrollScript === null ? [] : [sha256Source(scrollScript)]),
  ];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(scriptHashes, options.metrika === true),
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', `max-age=${ONE_YEAR_SECONDS}; includeSubDomains`);
    }
    if (EMBEDDABLE.test(request.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
    // A signed pay link carries its token in the page address: nothing leaves with a Referer, and no
    // cache keeps the page (issue 22, item 5; docs/security.md «Signed pay links»).
    if (PAY_LINK_PAGE.test(request.url)) {
      reply.header('referrer-policy', 'no-referrer');
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 4: near gzip -9 size at a fraction of brotli 11's time, for answers made per request.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
