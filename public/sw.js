/*
 * The shop's service worker (spec §2: registered from /sw.js at scope /).
 *
 * It must never keep a visitor on an old release:
 * - navigations go to the network first; a stored copy of the page is used only when the network
 *   fails (offline), and index.html is never precached;
 * - only Vite's hashed build files under /assets/ are cached (cache-first: a new release has new
 *   names, so a cached file can never be stale);
 * - /api/ is never touched, so data and the session always come from the server;
 * - a new worker takes over at once (skipWaiting + clients.claim) and drops the old caches.
 */
const VERSION = 'v2';
const ASSET_CACHE = `shop-assets-${VERSION}`;
const PAGE_CACHE = `shop-pages-${VERSION}`;
const KEEP = new Set([ASSET_CACHE, PAGE_CACHE]);
/** Old hashed files are pruned beyond this many entries. */
const MAX_ASSETS = 200;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => !KEEP.has(name)).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

async function pruneAssets() {
  const cache = await caches.open(ASSET_CACHE);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((key) => cache.delete(key)));
}

/**
 * The offline copy of a page: the document without the page the server drew into it (between the
 * <!--app:drawn--> or <!--app--> marker and <!--/app-->), so an offline visit to another address never
 * shows this page's content, and the app draws the page it is on instead of hydrating a copy. (The port
 * calls and API answers inside expire by themselves: api/recorded-calls.ts, api/page-bootstrap.ts.)
 */
async function offlineCopy(response) {
  const html = (await response.text()).replace(
    /<!--app(?::drawn)?-->[\s\S]*<!--\/app-->/,
    '<!--app--><!--/app-->',
  );
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}

async function networkFirstPage(request) {
  const cache = await caches.open(PAGE_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') {
      await cache.put('/__last-page', await offlineCopy(response.clone()));
    }
    return response;
  } catch (error) {
    const stored = await cache.match('/__last-page');
    if (stored) return stored;
    throw error;
  }
}

async function cacheFirstAsset(request) {
  const cache = await caches.open(ASSET_CACHE);
  const stored = await cache.match(request);
  if (stored) return stored;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    await pruneAssets();
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirstAsset(request));
  }
});
