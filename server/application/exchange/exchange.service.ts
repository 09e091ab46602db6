import {
  type CmlProduct,
  ordersDocument,
  readCatalogue,
  readOffers,
  readStatusChanges,
} from '../../domain/commerceml';
import type { PictureStore } from '../admin-catalogue.port';
import type {
  CmlParse,
  ExchangeCatalogueStore,
  ExchangeFiles,
  ExchangePictures,
  ExchangeSaleStore,
  ExchangeStatusMove,
  ExchangeType,
} from './exchange.port';
import type { ExchangeSignIn } from './exchange-sign-in';

export interface ExchangeRequest {
  readonly type: string;
  readonly mode: string;
  readonly filename: string;
  /** The uploaded chunk of `mode=file` (empty otherwise). */
  readonly body: Buffer;
}

export interface ExchangeAnswer {
  readonly status: number;
  readonly contentType: 'text/plain' | 'application/xml';
  readonly body: string;
}

/** What the HTTP layer needs: the protocol, the account, the size of one request. */
export interface ExchangeEndpoint {
  readonly service: ExchangeService;
  readonly signIn: ExchangeSignIn;
  /** Bytes of one request (the chunk size announced in `init`). */
  readonly chunkLimit: number;
}

export interface ExchangeDeps {
  readonly files: ExchangeFiles;
  readonly catalogue: ExchangeCatalogueStore;
  readonly pictures: ExchangePictures;
  /** The back office's picture pipeline: the type sniffed from the content, rendered, stored. */
  readonly pictureFiles: PictureStore;
  readonly sale: ExchangeSaleStore;
  readonly moveStatus: ExchangeStatusMove;
  readonly parse: (bytes: Buffer, maxBytes: number) => CmlParse;
  /** Called after an import changed the catalogue: search words, caches, other processes. */
  readonly catalogueChanged: () => Promise<void>;
  /** ТипЦены whose price is the shop's price (when the package has several). */
  readonly priceTypeName: string;
  /** The largest request 1С may send, in bytes (announced in `init` as file_limit: it splits larger files). */
  readonly chunkLimit: number;
  /** The largest file accepted once its chunks are joined, in bytes. */
  readonly fileLimit: number;
  /** The largest picture, in bytes (the back office's upload limit). */
  readonly pictureLimit: number;
  /** Work of one `mode=import` call (1С is answered «progress» and calls again for the rest). */
  readonly step: { readonly offers: number; readonly pictures: number };
  readonly now: () => Date;
}

const text = (status: number, body: string): ExchangeAnswer => ({ status, contentType: 'text/plain', body });
const failure = (status: number, message: string) => text(status, `failure\n${message}`);

function isExchangeType(type: string): type is ExchangeType {
  return type === 'catalog' || type === 'sale';
}

/**
 * The site side of the CommerceML 2 exchange protocol («Обмен с сайтом» of 1С, and МойСклад), after
 * the caller is authenticated (`checkauth` is answered by the HTTP layer, which owns cookies):
 *
 * - `type=catalog`: `init` (start: the folder is emptied; «zip=no», «file_limit=…»), `file` (a chunk
 *   of import.xml / offers.xml or a picture, appended), `import` (import.xml in one transaction, then
 *   its pictures; offers.xml in steps — «progress» until the last step answers «success»);
 * - `type=sale`: `init`, `query` (orders changed since the last `success`, as CommerceML documents),
 *   `success` (1С took them), `file` (orders.xml back from 1С: status changes through the order
 *   chart; a move the chart forbids is reported and not applied).
 *
 * Every answer is text 1С understands: «success…», «failure\n<why>», or the XML of `query`.
 */
export class ExchangeService {
  constructor(private readonly deps: ExchangeDeps) {}

  async handle(request: ExchangeRequest): Promise<ExchangeAnswer> {
    if (!isExchangeType(request.type))
      return failure(
        400,
        `Неизвестный тип обмена «${request.type.slice(0, 40)}»: ожидается catalog или sale.`,
      );
    const type = request.type;
    switch (request.mode) {
      case 'init':
        await this.deps.files.reset(type);
        return text(200, `zip=no\nfile_limit=${this.deps.chunkLimit}`);
      case 'file':
        return this.upload(type, request);
      case 'import':
        return type === 'catalog'
          ? this.importCatalogueFile(request.filename)
          : failure(400, 'Режим import есть только у обмена каталогом (type=catalog).');
      case 'query':
        return type === 'sale'
          ? this.query()
          : failure(400, 'Режим query есть только у обмена заказами (type=sale).');
      case 'success':
        return type === 'sale' ? this.confirm() : text(200, 'success');
      default:
        return failure(400, `Неизвестный режим обмена «${request.mode.slice(0, 40)}».`);
    }
  }

  private async upload(type: ExchangeType, request: ExchangeRequest): Promise<ExchangeAnswer> {
    if (request.filename === '') return failure(400, 'Не указано имя файла (filename).');
    if (request.body.length === 0) return failure(400, `Файл «${request.filename.slice(0, 80)}» пуст.`);
    const stored = await this.deps.files.append(type, request.filename, request.body, this.deps.fileLimit);
    if (!stored.ok) return failure(400, stored.message);
    // 1С sends orders.xml to the sale exchange without a separate import step: apply it at once.
    if (type === 'sale' && request.filename.toLowerCase().endsWith('.xml'))
      return this.applyStatuses(request.filename);
    return text(200, 'success');
  }

  private async readFile(type: ExchangeType, filename: string) {
    const bytes = await this.deps.files.read(type, filename);
    if (bytes === null)
      return {
        ok: false as const,
        answer: failure(400, `Файл «${filename.slice(0, 80)}» не загружен: сначала mode=file.`),
      };
    const parsed = this.deps.parse(bytes, this.deps.fileLimit);
    if (!parsed.ok) return { ok: false as const, answer: failure(400, parsed.message) };
    return { ok: true as const, root: parsed.root };
  }

  private async importCatalogueFile(filename: string): Promise<ExchangeAnswer> {
    if (filename === '') return failure(400, 'Не указано имя файла (filename).');
    // Pictures are read when import.xml names them; other files of the package are kept, not read.
    if (!filename.toLowerCase().endsWith('.xml')) return text(200, 'success');
    const file = await this.readFile('catalog', filename);
    if (!file.ok) return file.answer;
    const root = file.root;
    if ('ПакетПредложений' in root) {
      const offers = readOffers(root, this.deps.priceTypeName);
      const step = await this.deps.catalogue.importOffers(offers, filename, this.deps.step.offers);
      await this.deps.catalogueChanged();
      if (!step.finished) return text(200, ['progress', ...step.lines].join('\n'));
      return text(200, ['success', ...offers.problems, ...step.lines].join('\n'));
    }
    if (!('Каталог' in root) && !('Классификатор' in root))
      return failure(400, 'В файле нет ни каталога (Каталог, Классификатор), ни пакета предложений.');
    const catalogue = readCatalogue(root);
    const applied = await this.deps.catalogue.importCatalogue(catalogue, filename);
    const firstCall = applied.lines.length > 0;
    const pictures = await this.importPictures(catalogue.products, filename, applied.picturesDone);
    if (firstCall || pictures.attached > 0) await this.deps.catalogueChanged();
    const lines = [...(firstCall ? [...catalogue.problems, ...applied.lines] : []), ...pictures.lines];
    if (!pictures.finished) return text(200, ['progress', ...lines].join('\n'));
    await this.deps.catalogue.finishFile(filename);
    return text(200, ['success', ...lines].join('\n'));
  }

  /**
   * The pictures import.xml names, in its order, from where the previous call stopped: at most
   * `step.pictures` are rendered per call (each through the back office's checks: the type from the
   * content, the size); one already shown with the same content is skipped. A picture that cannot be
   * used is reported and passed, so every call moves forward.
   */
  private async importPictures(products: readonly CmlProduct[], filename: string, done: number) {
    const all = products.flatMap((product) => product.pictures.map((source) => ({ product, source })));
    const lines: string[] = [];
    let attached = 0;
    let rendered = 0;
    let index = done;
    for (; index < all.length && rendered < this.deps.step.pictures; index += 1) {
      const item = all[index];
      if (item === undefined) continue;
      const outcome = await this.importPicture(item.product, item.source);
      if (outcome.rendered) rendered += 1;
      if (outcome.attached) attached += 1;
      if (outcome.problem !== null) lines.push(outcome.problem);
    }
    const finished = index >= all.length;
    if (!finished) await this.deps.catalogue.savePicturesDone(filename, index);
    if (all.length > 0)
      lines.push(
        finished
          ? `Картинок: ${all.length}, добавлено в этом шаге: ${attached}.`
          : `Картинок обработано: ${index} из ${all.length} (добавлено в этом шаге: ${attached}), продолжаю.`,
      );
    return { lines, attached, finished };
  }

  private async importPicture(
    product: CmlProduct,
    source: string,
  ): Promise<{ rendered: boolean; attached: boolean; problem: string | null }> {
    const named = `Картинка «${source.slice(0, 80)}» товара «${product.name.slice(0, 60)}»`;
    const bytes = await this.deps.files.read('catalog', source);
    if (bytes === null)
      return { rendered: false, attached: false, problem: `${named} не загружена (mode=file): пропущена.` };
    if (bytes.length > this.deps.pictureLimit)
      return {
        rendered: false,
        attached: false,
        problem: `${named} больше ${Math.floor(this.deps.pictureLimit / 1_048_576)} МБ: пропущена.`,
      };
    const already = await this.deps.pictures.attached(product.id, source, bytes);
    if (already !== false) return { rendered: false, attached: false, problem: null };
    const stored = await this.deps.pictureFiles.ingest(bytes, 'cml');
    if (!stored.ok) return { rendered: true, attached: false, problem: `${named}: ${stored.message}` };
    const key = stored.picture.key;
    let result: Awaited<ReturnType<ExchangePictures['attach']>>;
    try {
      result = await this.deps.pictures.attach(product.id, source, bytes, key);
    } catch (error) {
      await this.deps.pictureFiles.remove(key);
      throw error;
    }
    if (!result.ok) {
      await this.deps.pictureFiles.remove(key);
      return { rendered: true, attached: false, problem: `${named}: ${result.message}` };
    }
    if (result.replacedKey !== null) await this.deps.pictureFiles.remove(result.replacedKey);
    return { rendered: true, attached: true, problem: null };
  }

  private async query(): Promise<ExchangeAnswer> {
    // Until 1С confirms with `success`, the next query sends the same orders again.
    const orders = await this.deps.sale.ordersToSend();
    return { status: 200, contentType: 'application/xml', body: ordersDocument(orders, this.deps.now()) };
  }

  private async confirm(): Promise<ExchangeAnswer> {
    await this.deps.sale.confirmSent();
    return text(200, 'success');
  }

  private async applyStatuses(filename: string): Promise<ExchangeAnswer> {
    const file = await this.readFile('sale', filename);
    if (!file.ok) return file.answer;
    // The next orders.xml starts a new file rather than being appended to this one.
    await this.deps.files.reset('sale');
    const { changes, problems } = readStatusChanges(file.root);
    const report = [...problems];
    let applied = 0;
    for (const change of changes) {
      const moved = await this.deps.moveStatus(change.orderId, change.status);
      if (!moved.ok) report.push(`Заказ № ${change.orderId}: ${moved.message}`);
      else if (moved.changed) applied += 1;
    }
    return text(200, ['success', `Статусов изменено: ${applied}.`, ...report].join('\n'));
  }
}
