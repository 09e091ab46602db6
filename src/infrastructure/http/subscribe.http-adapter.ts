import * as Subscribe from '../../../api/subscribe';
import type { CallOptions } from '../../application/ports/port-failure';
import type { SubscribeAnswer, SubscribePort } from '../../application/ports/subscribe.port';
import type { HttpApiClient } from './api-client';

export class SubscribeHttpAdapter implements SubscribePort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  async subscribe(email: string, options: CallOptions = {}): Promise<SubscribeAnswer> {
    const answer = await this.api.call(Subscribe.subscribe, { ...options, body: { email } });
    const code = answer.promo_code?.trim() ?? '';
    return { status: answer.status, promoCode: code === '' ? null : code };
  }
}
