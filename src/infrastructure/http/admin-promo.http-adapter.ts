import * as Admin from '../../../api/admin-promo';
import type { SaveRequest } from '../../application/machines/admin/record-form.machine';
import type {
  AdminPromoPort,
  AdminPromoRow,
  LoadedPromo,
  PromoDraft,
} from '../../application/ports/admin-promo.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';

type StoredPromo = typeof Admin.AdminPromo.Type;

/** Dates travel as ISO; the form edits the day only. */
function dayOf(value: string | null): string | null {
  return value === null ? null : value.slice(0, 10);
}

function draftOf(promo: StoredPromo): PromoDraft {
  return {
    code: promo.code,
    kind: promo.kind,
    value: promo.value,
    description: promo.description,
    min_order_total: promo.min_order_total,
    valid_from: dayOf(promo.valid_from),
    valid_until: dayOf(promo.valid_until),
    active: promo.active,
    usage_limit: promo.usage_limit,
    per_client_limit: promo.per_client_limit,
  };
}

function loadedOf(promo: StoredPromo): LoadedPromo {
  return { id: promo.code, version: String(promo.version), draft: draftOf(promo), meta: promo.stats };
}

export class AdminPromoHttpAdapter implements AdminPromoPort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  async list(query: { readonly q?: string }, options: CallOptions = {}): Promise<readonly AdminPromoRow[]> {
    const page = await this.api.call(Admin.listAdminPromo, {
      ...options,
      query: { q: query.q?.trim() || null, limit: 200 },
    });
    return page.items.map((promo) => ({ ...draftOf(promo), stats: promo.stats }));
  }

  async load(code: string, options: CallOptions = {}): Promise<LoadedPromo> {
    return loadedOf(await this.api.call(Admin.getAdminPromo, { ...options, params: { code } }));
  }

  async save(request: SaveRequest<PromoDraft>, options: CallOptions = {}): Promise<LoadedPromo> {
    if (request.id === null) {
      return loadedOf(
        await this.api.call(Admin.createAdminPromo, {
          ...options,
          body: { ...request.draft, code: request.draft.code.trim().toUpperCase() },
        }),
      );
    }
    const { code: _code, ...changes } = request.changes;
    return loadedOf(
      await this.api.call(Admin.updateAdminPromo, {
        ...options,
        params: { code: String(request.id) },
        body: {
          ...changes,
          ...(request.expectedVersion === null ? {} : { expected_version: Number(request.expectedVersion) }),
        },
      }),
    );
  }

  async remove(code: string, options: CallOptions = {}): Promise<void> {
    await this.api.call(Admin.deleteAdminPromo, { ...options, params: { code } });
  }
}
