import * as Pages from '../../../api/pages';
import type { PagesPort, StaticPage } from '../../application/ports/pages.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';

export class PagesHttpAdapter implements PagesPort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  bySlug(slug: string, options: CallOptions = {}): Promise<StaticPage> {
    return this.api.call(Pages.staticPageBySlug, { ...options, params: { slug } });
  }
}
