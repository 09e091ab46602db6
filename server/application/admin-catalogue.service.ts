import type {
  AdminChange,
  AdminRefusal,
  AdminWrite,
  CatalogueChangeBus,
  CategoryAdminStore,
  ContentAdminStore,
  DictStore,
  PictureStore,
  ProductAdminStore,
  PromoAdminStore,
  SearchWordsUpkeep,
} from './admin-catalogue.port';
import type { AuditLog } from './audit-log.port';

/** Who made a back-office write, for the audit log. */
export interface AdminActor {
  readonly adminId: number;
  readonly ip: string | null;
}

export interface AdminCatalogueDeps {
  readonly products: ProductAdminStore;
  readonly categories: CategoryAdminStore;
  readonly promo: PromoAdminStore;
  readonly dicts: DictStore;
  readonly content: ContentAdminStore;
  readonly pictures: PictureStore;
  readonly audit: AuditLog;
  /** Folds the write's word changes into the search lexicon, before the caches are dropped. */
  readonly searchWords: SearchWordsUpkeep;
  /** Drops this process's catalogue caches (CatalogueService.invalidate) and search words. */
  readonly invalidate: () => void;
  /** Tells the other server processes to drop theirs. */
  readonly bus: CatalogueChangeBus;
}

/**
 * The back office's catalogue, promotion and content writes (issue 11). Every successful write is
 * recorded in the audit log and invalidates the catalogue caches at once — here and, through the
 * change bus, in every other server process — so the storefront (server-drawn pages included) shows
 * it on the next request. Reads go straight to the stores: the back office must see the truth.
 */
export class AdminCatalogueService {
  constructor(readonly deps: AdminCatalogueDeps) {}

  get products(): ProductAdminStore {
    return this.deps.products;
  }
  get categories(): CategoryAdminStore {
    return this.deps.categories;
  }
  get promo(): PromoAdminStore {
    return this.deps.promo;
  }
  get dicts(): DictStore {
    return this.deps.dicts;
  }
  get content(): ContentAdminStore {
    return this.deps.content;
  }

  /** Runs a write; on success records `action` on `entityType` and invalidates the caches. */
  async write<T>(
    actor: AdminActor,
    action: string,
    entityType: string,
    run: () => Promise<AdminWrite<T>>,
  ): Promise<AdminWrite<T>> {
    const result = await run();
    if (!result.ok) return result;
    await this.changed(actor, action, entityType, result);
    return result;
  }

  /** Records an already made change (bulk and import answer their own shapes). */
  async changed(
    actor: AdminActor,
    action: string,
    entityType: string,
    change: Pick<AdminChange<unknown>, 'audit'>,
  ): Promise<void> {
    // The lexicon first: a suggestion asked between the two would otherwise cache the old words again.
    // The caches go even when the fold fails (the next fold takes the changes in).
    try {
      await this.deps.searchWords.catchUp();
    } finally {
      this.deps.invalidate();
    }
    await this.deps.audit.record({
      actorKind: 'admin',
      actorId: actor.adminId,
      action,
      entityType,
      entityId: change.audit.entityId,
      before: change.audit.before,
      after: change.audit.after,
      ip: actor.ip,
    });
    await this.deps.bus.publish();
  }

  /**
   * Stores an uploaded picture and attaches it with `attach`; the files are removed again when the
   * attach fails (unknown record, too many pictures) or throws, so no orphan files stay behind.
   */
  async withPicture<T>(
    actor: AdminActor,
    action: string,
    entityType: string,
    bytes: Buffer,
    prefix: string,
    attach: (key: string) => Promise<AdminWrite<T>>,
  ): Promise<AdminWrite<T> | AdminRefusal> {
    const stored = await this.deps.pictures.ingest(bytes, prefix);
    if (!stored.ok) return stored;
    let result: AdminWrite<T>;
    try {
      result = await attach(stored.picture.key);
    } catch (error) {
      await this.deps.pictures.remove(stored.picture.key);
      throw error;
    }
    if (!result.ok) {
      await this.deps.pictures.remove(stored.picture.key);
      return result;
    }
    await this.changed(actor, action, entityType, result);
    return result;
  }

  /** Deletes the files of a picture no record uses any more (uploaded pictures only). */
  removePictureFiles(key: string | null): Promise<void> {
    return key === null ? Promise.resolve() : this.deps.pictures.remove(key);
  }
}
