import * as Admin from '../../../api/admin-pages';
import type { SaveRequest } from '../../application/machines/admin/record-form.machine';
import type {
  AdminPageRow,
  AdminPagesPort,
  LoadedPage,
  PageDraft,
} from '../../application/ports/admin-pages.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';

function loadedOf(page: Admin.AdminStaticPage): LoadedPage {
  return {
    id: page.id,
    version: String(page.version),
    draft: {
      slug: page.slug,
      title: page.title,
      meta_description: page.meta_description,
      body_html: page.body_html,
    },
    meta: { storedHtml: page.body_html, updatedAt: page.updated_at },
  };
}

export class AdminPagesHttpAdapter implements AdminPagesPort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  async list(options: CallOptions = {}): Promise<readonly AdminPageRow[]> {
    const pages = await this.api.call(Admin.listAdminPages, options);
    return pages.map((page) => ({
      id: page.id,
      slug: page.slug,
      title: page.title,
      updatedAt: page.updated_at,
    }));
  }

  async load(id: number, options: CallOptions = {}): Promise<LoadedPage> {
    return loadedOf(await this.api.call(Admin.getAdminPage, { ...options, params: { id } }));
  }

  async save(request: SaveRequest<PageDraft>, options: CallOptions = {}): Promise<LoadedPage> {
    if (request.id === null) {
      return loadedOf(await this.api.call(Admin.createAdminPage, { ...options, body: request.draft }));
    }
    return loadedOf(
      await this.api.call(Admin.updateAdminPage, {
        ...options,
        params: { id: Number(request.id) },
        body: {
          ...request.changes,
          ...(request.expectedVersion === null ? {} : { expected_version: Number(request.expectedVersion) }),
        },
      }),
    );
  }
}
