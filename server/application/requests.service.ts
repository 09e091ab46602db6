import { roleMayOpen } from '../../shared-rules/staff-role-rule';
import { RATE_LIMITS } from '../domain/rate-limit';
import { accountActionFor, type RequestAccountFlags, requestAccountFlags } from '../domain/request-account';
import type { AuthService, Caller, EventLog } from './auth.service';
import { existingAccountNoticeMail, type ShopIdentity } from './mail-templates';
import type { Mailer } from './mailer.port';
import type { RateLimiter } from './rate-limiter.port';
import type { ClientRequestRecord, RequestKind, RequestsRepository } from './requests.port';

export interface RequestsDeps {
  readonly requests: RequestsRepository;
  readonly auth: AuthService;
  readonly limiter: RateLimiter;
  readonly mailer: Mailer;
  readonly shop: ShopIdentity;
  readonly log: EventLog;
}

export type SubmitRequestResult =
  | ({ readonly ok: true; readonly requestId: number } & RequestAccountFlags)
  | { readonly ok: false; readonly error: 'rate_limited'; readonly retryAfterSeconds: number };

export class RequestsService {
  constructor(private readonly deps: RequestsDeps) {}

  /** Per-IP limit, checked before an upload is read at all. */
  async allowFrom(ip: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
    return this.deps.limiter.take([{ key: `requests:ip:${ip}`, rule: RATE_LIMITS.requestsIp }]);
  }

  async submit(
    caller: Caller,
    input: {
      readonly kind: RequestKind;
      readonly subject: string;
      readonly text: string;
      readonly email: string | null;
      readonly attachment: { readonly key: string; readonly mime: string; readonly size: number } | null;
    },
  ): Promise<SubmitRequestResult> {
    const email = caller.kind === 'client' && input.email === null ? caller.email : input.email;
    if (email !== null) {
      const decision = await this.deps.limiter.take([
        { key: `requests:email:${email}`, rule: RATE_LIMITS.requestsEmail },
      ]);
      if (!decision.allowed)
        return { ok: false, error: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds };
    }
    const sender =
      caller.kind === 'client'
        ? ({ kind: 'client', clientId: caller.clientId } as const)
        : caller.kind === 'admin'
          ? ({ kind: 'admin' } as const)
          : ({ kind: 'anonymous' } as const);
    const owner = sender.kind === 'anonymous' && email !== null ? await this.ownerOf(email) : null;
    const action = accountActionFor(sender, owner, email !== null);
    let clientId: number | null = null;
    if (action.kind === 'use_session_client') clientId = action.clientId;
    else if (action.kind === 'create_account' && email !== null) {
      clientId = (await this.deps.auth.findOrCreateClient(email, 'request')).user.id;
    } else if (action.kind === 'notify_existing_account' && email !== null) {
      clientId = action.clientId;
      await this.deps.mailer.send(existingAccountNoticeMail(this.deps.shop, email));
    }
    const requestId = await this.deps.requests.create({
      clientId,
      kind: input.kind,
      subject: input.subject,
      text: input.text,
      email,
      attachment: input.attachment,
    });
    this.deps.log.info({ event: 'request_created', requestId, kind: input.kind }, 'request received');
    return { ok: true, requestId, ...requestAccountFlags(sender) };
  }

  private async ownerOf(email: string): Promise<{ clientId: number } | null> {
    const found = await this.deps.auth.clientIdByEmail(email);
    return found === null ? null : { clientId: found };
  }

  listForClient(clientId: number): Promise<ClientRequestRecord[]> {
    return this.deps.requests.listByClient(clientId);
  }

  /** The client writes again on their own request (rate-limited per client like new requests). */
  async followUp(
    clientId: number,
    requestId: number,
    text: string,
  ): Promise<
    | { readonly ok: true; readonly request: ClientRequestRecord }
    | { readonly ok: false; readonly error: 'not_found' }
    | { readonly ok: false; readonly error: 'rate_limited'; readonly retryAfterSeconds: number }
  > {
    const decision = await this.deps.limiter.take([
      { key: `requests:follow-up:${clientId}`, rule: RATE_LIMITS.requestsEmail },
    ]);
    if (!decision.allowed)
      return { ok: false, error: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds };
    if (!(await this.deps.requests.addClientMessage(clientId, requestId, text.trim())))
      return { ok: false, error: 'not_found' };
    const request = (await this.deps.requests.listByClient(clientId)).find((item) => item.id === requestId);
    if (request === undefined) return { ok: false, error: 'not_found' };
    this.deps.log.info({ event: 'request_follow_up', requestId }, 'client wrote on a request');
    return { ok: true, request };
  }

  /** The attachment of a request, for its owner or an administrator only. */
  async attachmentFor(
    caller: Caller,
    requestId: number,
  ): Promise<{ ok: true; key: string; mime: string } | { ok: false; status: 401 | 404 }> {
    if (caller.kind === 'anonymous') return { ok: false, status: 401 };
    const found = await this.deps.requests.attachment(requestId);
    if (found === null) return { ok: false, status: 404 };
    if (caller.kind === 'client' && found.clientId !== caller.clientId) return { ok: false, status: 404 };
    // Staff read attachments only when their role opens the requests (docs/staff.md).
    if (caller.kind === 'admin' && !roleMayOpen(caller.staffRole, 'requests'))
      return { ok: false, status: 404 };
    return { ok: true, key: found.key, mime: found.mime };
  }
}
