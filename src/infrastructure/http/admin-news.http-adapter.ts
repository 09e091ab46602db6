import * as Admin from '../../../api/admin-news';
import type { SaveRequest } from '../../application/machines/admin/record-form.machine';
import type {
  AdminNewsPage,
  AdminNewsPort,
  AdminNewsQuery,
  LoadedNews,
  NewsDraft,
} from '../../application/ports/admin-news.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';

function loadedOf(item: Admin.AdminNewsItem): LoadedNews {
  return {
    id: item.id,
    version: String(item.version),
    draft: {
      type: item.type,
      slug: item.slug,
      topic_slug: item.topic_slug,
      title: item.title,
      excerpt: item.excerpt,
      body_html: item.body_html,
      published: item.published,
      published_at: item.published_at,
    },
    meta: { imageUrl: item.image?.url ?? null },
  };
}

function recordId(id: SaveRequest<NewsDraft>['id']): number {
  return typeof id === 'number' ? id : Number(id);
}

export class AdminNewsHttpAdapter implements AdminNewsPort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  async list(query: AdminNewsQuery, options: CallOptions = {}): Promise<AdminNewsPage> {
    const page = await this.api.call(Admin.listAdminNews, {
      ...options,
      query: { q: query.q?.trim() || null, type: query.type ?? null, page: query.page ?? null },
    });
    return {
      ...page,
      items: page.items.map((item) => ({
        id: item.id,
        slug: item.slug,
        type: item.type,
        title: item.title,
        published: item.published,
        publishedAt: item.published_at,
        imageUrl: item.image?.url ?? null,
      })),
    };
  }

  async load(id: number, options: CallOptions = {}): Promise<LoadedNews> {
    return loadedOf(await this.api.call(Admin.getAdminNews, { ...options, params: { id } }));
  }

  async save(request: SaveRequest<NewsDraft>, options: CallOptions = {}): Promise<LoadedNews> {
    if (request.id === null) {
      const { slug, topic_slug, published_at, ...rest } = request.draft;
      const created = await this.api.call(Admin.createAdminNews, {
        ...options,
        body: {
          ...rest,
          ...(slug === '' ? {} : { slug }),
          ...(topic_slug === null || topic_slug === '' ? {} : { topic_slug }),
          ...(published_at === '' ? {} : { published_at }),
        },
      });
      return loadedOf(created);
    }
    const updated = await this.api.call(Admin.updateAdminNews, {
      ...options,
      params: { id: recordId(request.id) },
      body: {
        ...request.changes,
        ...(request.expectedVersion === null ? {} : { expected_version: Number(request.expectedVersion) }),
      },
    });
    return loadedOf(updated);
  }

  async remove(id: number, options: CallOptions = {}): Promise<void> {
    await this.api.call(Admin.deleteAdminNews, { ...options, params: { id } });
  }

  async uploadImage(id: number, file: File, options: CallOptions = {}): Promise<LoadedNews> {
    const formData = new FormData();
    formData.append('file', file, file.name);
    return loadedOf(
      await this.api.call(Admin.uploadAdminNewsImage, { ...options, params: { id }, formData }),
    );
  }
}
