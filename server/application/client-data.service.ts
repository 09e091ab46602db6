import type { AccountsRepository } from './accounts.port';
import type { Caller } from './auth.service';
import type {
  CartRepository,
  FavoritesRepository,
  ProductLookup,
  ProductSummaryRecord,
  ViewedRepository,
} from './client-data.port';
import type { Secrets } from './secrets.port';

const VIEWED_CAP = 50;
const MAX_CART_QUANTITY = 999;

/**
 * The authorisation rule for client data (ASVS 5.0 8.2.2): anonymous → 401; a client reaches only
 * its own id; an administrator may read client records but never acts as a client.
 */
export type Access =
  | { readonly ok: true; readonly clientId: number }
  | { readonly ok: false; readonly status: 401 | 403 };

export function ownClient(caller: Caller, clientId: number): Access {
  if (caller.kind === 'anonymous') return { ok: false, status: 401 };
  if (caller.kind !== 'client' || caller.clientId !== clientId) return { ok: false, status: 403 };
  return { ok: true, clientId };
}

export function sessionClient(caller: Caller): Access {
  if (caller.kind === 'anonymous') return { ok: false, status: 401 };
  if (caller.kind !== 'client') return { ok: false, status: 403 };
  return { ok: true, clientId: caller.clientId };
}

export interface CartLine extends ProductSummaryRecord {
  readonly quantity: number;
}

export interface ClientDataDeps {
  readonly products: ProductLookup;
  readonly cart: CartRepository;
  readonly favorites: FavoritesRepository;
  readonly viewed: ViewedRepository;
  readonly accounts: AccountsRepository;
  readonly secrets: Secrets;
}

export class ClientDataService {
  constructor(private readonly deps: ClientDataDeps) {}

  async getCart(clientId: number): Promise<CartLine[]> {
    const lines = await this.deps.cart.list(clientId);
    const products = await this.deps.products.byIds(lines.map((line) => line.productId));
    return lines.flatMap((line) => {
      const product = products.get(line.productId);
      return product ? [{ ...product, quantity: line.quantity }] : [];
    });
  }

  /**
   * Replaces the cart. Repeated ids merge (larger quantity wins, as in the browser's merge rule);
   * products that are gone are dropped — the same rule the GET applies — and the saved cart returned.
   */
  async putCart(
    clientId: number,
    input: readonly { readonly id: number; readonly quantity: number }[],
  ): Promise<CartLine[]> {
    const merged = new Map<number, number>();
    for (const line of input) {
      merged.set(line.id, Math.min(MAX_CART_QUANTITY, Math.max(merged.get(line.id) ?? 0, line.quantity)));
    }
    const products = await this.deps.products.byIds([...merged.keys()]);
    const kept = [...merged]
      .filter(([id]) => products.has(id))
      .map(([productId, quantity]) => ({ productId, quantity }));
    await this.deps.cart.replace(clientId, kept);
    return this.getCart(clientId);
  }

  async listFavorites(clientId: number): Promise<ProductSummaryRecord[]> {
    return this.summaries(await this.deps.favorites.list(clientId));
  }

  async addFavorite(clientId: number, productId: number): Promise<boolean> {
    const products = await this.deps.products.byIds([productId]);
    if (!products.has(productId)) return false;
    await this.deps.favorites.add(clientId, productId);
    return true;
  }

  removeFavorite(clientId: number, productId: number): Promise<void> {
    return this.deps.favorites.remove(clientId, productId);
  }

  clearFavorites(clientId: number): Promise<void> {
    return this.deps.favorites.clear(clientId);
  }

  /** Saves a snapshot; null when there is nothing (existing) to share. */
  async share(caller: Caller, productIds: readonly number[] | undefined): Promise<string | null> {
    let ids: readonly number[];
    if (productIds !== undefined) ids = [...new Set(productIds)];
    else if (caller.kind === 'client') ids = await this.deps.favorites.list(caller.clientId);
    else return null;
    const existing = await this.deps.products.byIds(ids);
    const kept = ids.filter((id) => existing.has(id));
    if (kept.length === 0) return null;
    const hash = this.deps.secrets.newRandomId();
    await this.deps.favorites.saveShare(hash, caller.kind === 'client' ? caller.clientId : null, kept);
    return hash;
  }

  async sharedList(hash: string): Promise<ProductSummaryRecord[] | null> {
    const ids = await this.deps.favorites.findShare(hash);
    return ids === null ? null : this.summaries(ids);
  }

  listViewed(clientId: number): Promise<readonly number[]> {
    return this.deps.viewed.list(clientId, VIEWED_CAP);
  }

  async addViewed(clientId: number, productId: number): Promise<readonly number[] | null> {
    const products = await this.deps.products.byIds([productId]);
    if (!products.has(productId)) return null;
    await this.deps.viewed.push(clientId, productId, VIEWED_CAP);
    return this.deps.viewed.list(clientId, VIEWED_CAP);
  }

  clearViewed(clientId: number): Promise<void> {
    return this.deps.viewed.clear(clientId);
  }

  /** Own record, or any client's for an administrator; another client's id → 403, unknown → 404. */
  async clientRecord(
    caller: Caller,
    id: number,
  ): Promise<
    | {
        readonly ok: true;
        readonly record: { id: number; email: string; phone: string | null; name: string | null };
      }
    | { readonly ok: false; readonly status: 401 | 403 | 404 }
  > {
    if (caller.kind === 'anonymous') return { ok: false, status: 401 };
    if (caller.kind === 'client' && caller.clientId !== id) return { ok: false, status: 403 };
    const user = await this.deps.accounts.findById(id);
    if (user === null || user.role !== 'user') return { ok: false, status: 404 };
    return { ok: true, record: { id: user.id, email: user.email, phone: user.phone, name: user.name } };
  }

  private async summaries(ids: readonly number[]): Promise<ProductSummaryRecord[]> {
    const products = await this.deps.products.byIds(ids);
    return ids.flatMap((id) => {
      const product = products.get(id);
      return product ? [product] : [];
    });
  }
}
