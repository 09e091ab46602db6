import { ordersDocument, readCatalogue, readOffers, readStatusChanges } from '../../domain/commerceml';
import type {
  CmlParse,
  ExchangeAccount,
  ExchangeCatalogueStore,
  ExchangeFiles,
  ExchangeSaleStore,
  ExchangeStatusMove,
  ExchangeType,
} from './exchange.port';

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
  readonly auth: ExchangeAccount;
  /** Bytes of one request (the chunk size announced in `init`). */
  readonly chunkLimit: number;
}

export interface ExchangeDeps {
  readonly files: ExchangeFiles;
  readonly catalogue: ExchangeCatalogueStore;
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
 *   of import.xml / offers.xml, appended), `import` (the file is read and applied in one transaction);
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
    // Pictures and other files of the package are kept but not read (docs/integrations.md).
    if (!filename.toLowerCase().endsWith('.xml')) return text(200, 'success');
    const file = await this.readFile('catalog', filename);
    if (!file.ok) return file.answer;
    const root = file.root;
    let lines: readonly string[];
    if ('ПакетПредложений' in root) {
      const offers = readOffers(root, this.deps.priceTypeName);
      lines = [...offers.problems, ...(await this.deps.catalogue.importOffers(offers)).lines];
    } else if ('Каталог' in root || 'Классификатор' in root) {
      const catalogue = readCatalogue(root);
      lines = [...catalogue.problems, ...(await this.deps.catalogue.importCatalogue(catalogue)).lines];
    } else {
      return failure(400, 'В файле нет ни каталога (Каталог, Классификатор), ни пакета предложений.');
    }
    await this.deps.catalogueChanged();
    return text(200, ['success', ...lines].join('\n'));
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
