import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { apiError, ErrorCode } from '../../../api/errors';
import {
  type AdminArea,
  areaRefusedMessage,
  roleMayOpen,
  type StaffRole,
} from '../../../shared-rules/staff-role-rule';
import type { AuthService, Caller } from '../../application/auth.service';
import { clientIp, type TrustedProxies } from '../../domain/client-ip';
import { cookieMaxAgeSeconds, type SessionRole } from '../../domain/session-policy';
import { type ApiFailure, type ContractRouter, failure } from '../contract';

/**
 * Session cookie, caller resolution, client address and the CSRF guard shared by the account, client
 * data, order, request and admin routes (docs/security.md).
 */
export interface SessionSettings {
  readonly auth: AuthService;
  readonly trustedProxies: TrustedProxies;
  /** PUBLIC_URL is https: the cookie is Secure and named with the __Host- prefix. */
  readonly secureCookies: boolean;
  /** Origins allowed to make state-changing calls (PUBLIC_URL's origin, the dev server's). */
  readonly allowedOrigins: ReadonlySet<string>;
  readonly now: () => number;
}

const sessionCookieName = (secure: boolean): string => (secure ? '__Host-sid' : 'sid');
/** The signed device cookie of a browser that signed in before (auth.service.ts, login throttling). */
const deviceCookieName = (secure: boolean): string => (secure ? '__Host-did' : 'did');

/** Paths a provider calls server-to-server: no browser, no Origin, authenticated by the gateway. */
const CSRF_EXEMPT = /^\/api\/payments\/notify\/[a-z0-9_-]+$/;
const MULTIPART_ALLOWED = new Set(['/api/requests']);
/**
 * The 1С exchange uploads raw files of any content type (docs/integrations.md). It is server to
 * server (no Origin): the origin checks above still refuse a browser posting from another site.
 */
const ANY_CONTENT_TYPE = new Set(['/1c_exchange.php']);
/** Back-office uploads (pictures, product import): multipart, admin-only, same-origin like the rest. */
const MULTIPART_ADMIN =
  /^\/api\/(admin\/products\/(\d+\/images|import)|categories\/\d+\/image|admin\/(news|style-categories)\/\d+\/image)$/;
/** Every method other than these may change state, whatever the router later makes of it. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The path as a router might read it: percent-decoded (repeatedly, `%2561` → `%61` → `a`), repeated
 * slashes collapsed, trailing slashes and dots dropped, lower case. Used only to recognise the two
 * exceptions (provider notifications, the multipart upload); everything else is checked anyway, so a
 * spelling the router accepts and this does not can only make the guard stricter.
 */
function normalisedPath(url: string): string {
  let path = url.split(/[?#]/)[0] ?? '';
  for (let round = 0; round < 4 && path.includes('%'); round += 1) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return '\0undecodable';
    }
  }
  return path
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .replace(/[/.]+$/, '')
    .toLowerCase();
}

const callers = new WeakMap<FastifyRequest, Promise<Caller>>();
/** Verdict of the CSRF guard for one request (exported for tests). */
export function csrfVerdict(
  request: Pick<FastifyRequest, 'method' | 'url' | 'headers' | 'protocol'>,
  allowed: ReadonlySet<string>,
): 'ok' | 'forbidden' | 'unsupported_media_type' {
  // Decided on every unsafe method whatever the path: `/%61pi/logout`, `//api/logout`, `/API/logout`
  // and `/api/logout.` cannot slip past a prefix test.
  if (SAFE.has(request.method.toUpperCase())) return 'ok';
  const path = normalisedPath(request.url);
  if (CSRF_EXEMPT.test(path)) return 'ok';
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  const self = request.headers.host ? `${request.protocol}://${request.headers.host}` : null;
  if (origin !== undefined) {
    if (origin !== self && !allowed.has(origin)) return 'forbidden';
  } else if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return 'forbidden';
  }
  if (ANY_CONTENT_TYPE.has(path)) return 'ok';
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === '') return 'ok';
  if (type === 'application/json') return 'ok';
  if (type === 'multipart/form-data' && (MULTIPART_ALLOWED.has(path) || MULTIPART_ADMIN.test(path)))
    return 'ok';
  return 'unsupported_media_type';
}

export async function installSession(app: FastifyInstance, settings: SessionSettings): Promise<void> {
  if (!app.hasDecorator('parseCookie')) await app.register(cookie);
  app.addHook('onRequest', async (request, reply) => {
    const verdict = csrfVerdict(request, settings.allowedOrigins);
    if (verdict === 'forbidden') {
      request.log.warn({ event: 'csrf_refused', url: request.url }, 'cross-site request refused');
      return reply.code(403).send(apiError(ErrorCode.forbidden, 'Запрос с другого сайта отклонён.'));
    }
    if (verdict === 'unsupported_media_type') {
      return reply.code(415).send(apiError(ErrorCode.unsupportedMediaType));
    }
  });
  // Responses that depend on the session must not be cached by shared caches.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && request.headers.cookie && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

export function sessionToken(request: FastifyRequest, settings: SessionSettings): string | undefined {
  const value = request.cookies?.[sessionCookieName(settings.secureCookies)];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The caller of this request, resolved once from the session cookie. */
export function callerOf(request: FastifyRequest, settings: SessionSettings): Promise<Caller> {
  let caller = callers.get(request);
  if (!caller) {
    caller = settings.auth.resolve(sessionToken(request, settings));
    callers.set(request, caller);
  }
  return caller;
}

export function setSessionCookie(
  reply: FastifyReply,
  settings: SessionSettings,
  token: string,
  role: SessionRole,
): void {
  const now = settings.now();
  reply.setCookie(sessionCookieName(settings.secureCookies), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secureCookies,
    path: '/',
    maxAge: cookieMaxAgeSeconds(role, now, now),
  });
}

export function deviceToken(request: FastifyRequest, settings: SessionSettings): string | undefined {
  const value = request.cookies?.[deviceCookieName(settings.secureCookies)];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function setDeviceCookie(
  reply: FastifyReply,
  settings: SessionSettings,
  device: { readonly token: string; readonly maxAgeSeconds: number },
): void {
  reply.setCookie(deviceCookieName(settings.secureCookies), device.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secureCookies,
    path: '/',
    maxAge: device.maxAgeSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply, settings: SessionSettings): void {
  reply.clearCookie(sessionCookieName(settings.secureCookies), {
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secureCookies,
    path: '/',
  });
}

export function ipOf(request: FastifyRequest, settings: SessionSettings): string {
  const forwarded = request.headers['x-forwarded-for'];
  return clientIp(
    request.socket.remoteAddress ?? '',
    Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
    settings.trustedProxies,
  );
}

export const tooManyRequests = (reply: FastifyReply, retryAfterSeconds: number): ApiFailure => {
  reply.header('retry-after', String(retryAfterSeconds));
  return failure(ErrorCode.tooManyRequests);
};

const unauthorized = (): ApiFailure => failure(ErrorCode.unauthorized);
const forbidden = (message?: string): ApiFailure => failure(ErrorCode.forbidden, message);

/** 401 / 403 from an access decision. */
export const denied = (status: 401 | 403): ApiFailure => (status === 401 ? unauthorized() : forbidden());

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The back-office area of an admin route (api/ contract's `area`; shared-rules/staff-role-rule.ts). */
    adminArea?: AdminArea;
  }
}

/** The staff member calling an admin route: their id, role and address, for the audit log. */
export interface StaffCaller {
  readonly adminId: number;
  readonly staffRole: StaffRole;
  readonly ip: string;
}

/**
 * Admin-only routes: anonymous → 401, a client → 403, a staff member whose role does not open the
 * route's area → 403 with a Russian message naming the area (docs/staff.md). The area is read from the
 * route's config (set from the contract by `adminOnlyRouter`, or given by a raw route); a route that
 * declares none opens to the owner only, so a forgotten declaration fails closed.
 */
export async function requireAdmin(
  request: FastifyRequest,
  settings: SessionSettings,
): Promise<ApiFailure | null> {
  const caller = await callerOf(request, settings);
  if (caller.kind === 'anonymous') return unauthorized();
  if (caller.kind === 'client') {
    request.log.warn({ event: 'admin_denied', url: request.url }, 'client refused on an admin route');
    return forbidden();
  }
  const area = request.routeOptions.config.adminArea;
  if (area === undefined ? caller.staffRole === 'owner' : roleMayOpen(caller.staffRole, area)) return null;
  request.log.warn(
    { event: 'admin_area_denied', url: request.url, area: area ?? null, staffId: caller.adminId },
    'staff role refused on an admin area',
  );
  return forbidden(areaRefusedMessage(area ?? 'settings'));
}

/** The staff member of an admin route, or the 401/403 answer (`requireAdmin`). */
export async function staffCaller(
  request: FastifyRequest,
  settings: SessionSettings,
): Promise<StaffCaller | ApiFailure> {
  const refused = await requireAdmin(request, settings);
  if (refused) return refused;
  const caller = await callerOf(request, settings);
  if (caller.kind !== 'admin') return unauthorized();
  return { adminId: caller.adminId, staffRole: caller.staffRole, ip: ipOf(request, settings) };
}

/**
 * The access check of an admin-only route as a route `onRequest` hook: it runs after the session
 * cookie is read and before the body is parsed or any param, query or body field is decoded, so a guest
 * gets 401, a client 403 and a staff member without the area 403 whatever they sent — never a 400 that
 * names the fields of a back-office call (issue 24, item 8). The handlers still ask for their
 * administrator (`requireAdmin` is cached per request), so a route registered without the hook is
 * refused all the same, only later.
 */
function adminFirst(settings: SessionSettings): onRequestAsyncHookHandler {
  return async (request, reply) => {
    const refused = await requireAdmin(request, settings);
    if (refused) return reply.code(refused.status).send(refused.body);
  };
}

/**
 * A router whose every route checks for a staff member with the endpoint's area first (`adminFirst`).
 * An endpoint without an `area` in the contract cannot be registered: the server refuses to start.
 */
export function adminOnlyRouter(router: ContractRouter, settings: SessionSettings): ContractRouter {
  const checkFirst = adminFirst(settings);
  return {
    endpoints: router.endpoints,
    route(endpoint, handler, options = {}) {
      if (endpoint.area === undefined) {
        throw new Error(`${endpoint.method} ${endpoint.path} is an admin route without an area in api/`);
      }
      const own = options.onRequest;
      router.route(endpoint, handler, {
        ...options,
        config: { ...options.config, adminArea: endpoint.area },
        onRequest: [checkFirst, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])],
      });
    },
  };
}
