/**
 * `npm run dev`: Vite serves the app on :5173 and forwards the shop's API calls to the server on :3000
 * (`npm run serve`), so the app calls its own origin and needs no CORS. The contract's source folder is
 * also called `api/`, and in development Vite serves its modules under the same prefix
 * (`/api/orders.ts`, `/api/text.ts?import`): those stay with Vite.
 */
export const DEV_API_TARGET = 'http://127.0.0.1:3000';

const SOURCE_MODULE = /\.(?:ts|tsx|mts|js|mjs|json)$/;

/** Whether a request under /api/ is Vite's request for a source module rather than an API call. */
export function isSourceModuleRequest(url: string | undefined): boolean {
  if (url === undefined) return false;
  const [path = '', query = ''] = url.split('?', 2);
  if (!path.startsWith('/api/')) return false;
  return SOURCE_MODULE.test(path) || /(?:^|&)(?:import|t=\d+|v=[\w.]+)(?:&|=|$)/.test(query);
}
