import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, routerScrollRestorationScript } from '../../../server/http/security-headers';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the CSP hashes of the page template’s inline scripts', () => {
  it('cover the early-input capture script of index.html, and nothing else there', () => {
    const template = readFileSync('index.html', 'utf8');
    const earlyInput = /<script id="early-input">([\s\S]*?)<\/script>/.exec(template)?.[1];
    expect(earlyInput).toBeDefined();
    expect(inlineScriptHashes(template)).toEqual([sha256(earlyInput ?? '')]);
  });

  it('skip scripts loaded from a file and data blocks the browser never runs', () => {
    const html =
      '<script type="module" src="/assets/app.js"></script>' +
      '<script type="application/json" id="page-bootstrap">{"a":1}</script>' +
      '<script type="application/ld+json">{"@type":"Organization"}</script>' +
      '<script>run()</script><script type="module">go()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha256('run()'), sha256('go()')]);
  });
});

describe('the router’s scroll-restoration script the server renderer inlines', () => {
  it('is TanStack’s script for the default key, removing itself once run', () => {
    const script = routerScrollRestorationScript() ?? '';
    expect(script).toMatch(/^\(function/);
    expect(script).toMatch(/\("tsr-scroll-restoration-v[^"]+"\)/);
    expect(script.endsWith(';document.currentScript.remove()')).toBe(true);
  });
});
