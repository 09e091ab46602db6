/**
 * Defined by vite.config.ts from VITE_API_BASE_URL: where the HTTP adapters find /api/...
 * ('/' for the same origin; 'http://localhost:3000/' in development). A production build without
 * it fails (spec §5 "Production builds require the API host to be configured").
 */
declare const __API_BASE_URL__: string;
