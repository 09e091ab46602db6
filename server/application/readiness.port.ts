/**
 * One readiness check's outcome: `ok`, or the reason it is not (one line, no secrets, no stack). A
 * degraded check is `ok` (the process serves correctly) but says what is impaired, e.g. the catalogue
 * change notifications being down, so caches are fresh only within their lifetime.
 */
export type CheckOutcome =
  | { readonly ok: true; readonly degraded?: undefined }
  | { readonly ok: true; readonly degraded: true; readonly reason: string }
  | { readonly ok: false; readonly reason: string };

/**
 * What GET /readyz asks before a load balancer sends the process traffic: each named check (database,
 * migrations, files) answers on its own.
 */
export type ReadinessProbe = () => Promise<Readonly<Record<string, CheckOutcome>>>;
