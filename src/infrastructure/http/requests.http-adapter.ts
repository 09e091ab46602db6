import * as Requests from '../../../api/requests';
import type { CallOptions } from '../../application/ports/port-failure';
import type {
  ConsultationPayload,
  OwnRequest,
  RequestAnswer,
  RequestPayload,
  RequestsPort,
} from '../../application/ports/requests.port';
import type { HttpApiClient } from './api-client';
import { isPositiveClientId } from './call-preconditions';

function toAnswer(created: Requests.RequestCreated): RequestAnswer {
  return {
    requestId: created.requestId,
    ...(created.accountStatus === undefined ? {} : { accountStatus: created.accountStatus }),
    ...(created.existingAccount === undefined ? {} : { existingAccount: created.existingAccount }),
  };
}

/** The contract's body: an empty e-mail is sent as '' (the visitor gave a phone only). */
function jsonBody(payload: RequestPayload): Requests.RequestBody {
  return { subject: payload.subject, text: payload.text, email: payload.email.trim() };
}

export class RequestsHttpAdapter implements RequestsPort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  /** Spec §7: consultation sends multipart fields subject, text, email, attachment. */
  async sendConsultation(payload: ConsultationPayload, options: CallOptions = {}): Promise<RequestAnswer> {
    const form = new FormData();
    const body = jsonBody(payload);
    form.set('subject', body.subject);
    form.set('text', body.text);
    form.set('email', body.email ?? '');
    if (payload.attachment !== null) {
      const name = payload.attachment instanceof File ? payload.attachment.name : 'attachment';
      form.set('attachment', payload.attachment, name);
    }
    return toAnswer(await this.api.call(Requests.createRequest, { ...options, formData: form }));
  }

  /** Spec §7: feedback sends JSON subject, text, email. */
  async sendFeedback(payload: RequestPayload, options: CallOptions = {}): Promise<RequestAnswer> {
    return toAnswer(await this.api.call(Requests.createRequest, { ...options, body: jsonBody(payload) }));
  }

  /** A client that does not exist has no requests (the same precondition as the orders list). */
  async listMine(clientId: number, options: CallOptions = {}): Promise<readonly OwnRequest[]> {
    if (!isPositiveClientId(clientId)) return [];
    return this.api.call(Requests.listClientRequests, { ...options, params: { clientId } });
  }

  followUp(
    clientId: number,
    requestId: number,
    text: string,
    options: CallOptions = {},
  ): Promise<OwnRequest> {
    return this.api.call(Requests.postClientRequestMessage, {
      ...options,
      params: { clientId, id: requestId },
      body: { text: text.trim() },
    });
  }
}
