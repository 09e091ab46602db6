import { describe, expect, it } from 'vitest';
import { isSourceModuleRequest } from '../../scripts/dev-api-proxy';

describe('the dev server’s /api proxy', () => {
  it('leaves Vite’s requests for the contract’s source modules to Vite', () => {
    for (const url of [
      '/api/orders.ts',
      '/api/text.ts?import',
      '/api/page-bootstrap.ts?t=1732400000',
      '/api/x.tsx?v=3f2a',
    ]) {
      expect(isSourceModuleRequest(url), url).toBe(true);
    }
  });

  it('forwards the shop’s API calls, whatever their query', () => {
    for (const url of [
      '/api/categories',
      '/api/products?limit=24&sort=new',
      '/api/check-auth',
      '/api/search?q=диван.ts',
      '/api/products?important=1',
      undefined,
    ]) {
      expect(isSourceModuleRequest(url), String(url)).toBe(false);
    }
  });
});
