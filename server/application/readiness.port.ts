/** One readiness check's outcome: `ok`, or the reason it is not (one line, no secrets, no stack). */
export type CheckOutcome = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * What GET /readyz asks before a load balancer sends the process traffic: each named check (database,
 * migrations, files) answers on its own.
 */
export type ReadinessProbe = () => Promise<Readonly<Record<string, CheckOutcome>>>;
