import { ITEM_CLASS_LABELS, isItemClass } from './item-class-rule';
import { formatKopecks } from './money-rule';
import { DELIVERY_METHOD_LABELS, LIFT_LABELS, PAYMENT_METHOD_LABELS } from './order-options-rule';
import { isOrderStatus, ORDER_STATUS_LABELS } from './order-status-rule';
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES, type RequestStatus } from './request-labels-rule';
import { isStaffRole, STAFF_ROLE_LABELS } from './staff-role-rule';

/**
 * The audit log's words (docs/staff.md «The audit log»): the server writes codes (`order.statusChanged`,
 * `status: confirmed`), the owner's «Журнал действий» and the order card's history read them in
 * Russian from here. test/shared-rules/audit-action-rule.test.ts scans server/ for every action the
 * server writes and fails when one has no label here. An unknown code is shown as it is, never dropped.
 *
 * No action label is a part of another, so searching the log for one label finds that action only.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  // Orders (the order card's history shows these same titles).
  'order.created': 'Заказ оформлен менеджером',
  'order.statusChanged': 'Изменён статус заказа',
  'order.deleted': 'Заказ перемещён в корзину',
  'order.restored': 'Заказ восстановлен из корзины',
  'order.contactChanged': 'Изменены контакты',
  'order.paymentMethodChanged': 'Изменён способ оплаты',
  'order.paymentChanged': 'Изменены условия оплаты',
  'order.deliveryChanged': 'Изменена доставка',
  'order.promoChanged': 'Изменён промокод',
  'order.cartChanged': 'Изменён состав заказа',
  'order.servicesChanged': 'Изменены услуги',
  'order.refunded': 'Оформлен возврат',
  'order.payLinkReissued': 'Ссылка на оплату отправлена заново',
  'order.noteAdded': 'Добавлена заметка к заказу',
  // Delivery days and tariffs.
  'delivery.defaultCapacityChanged': 'Изменено число доставок в день по умолчанию',
  'delivery.capacityChanged': 'Изменено число доставок на день',
  'tariffs.changed': 'Изменены тарифы доставки и услуги',
  // Requests and clients.
  'request.replied': 'Ответ на заявку',
  'request.updated': 'Заявка изменена',
  'client.contactsChanged': 'Контакты клиента изменены',
  'client.notesChanged': 'Заметки о клиенте изменены',
  'client.sessionsEnded': 'Клиент выведен со всех устройств',
  'client.passwordResetSent': 'Клиенту отправлен временный пароль',
  // Staff.
  'staff.created': 'Добавлен сотрудник',
  'staff.roleChanged': 'Изменена роль сотрудника',
  'staff.blocked': 'Сотрудник заблокирован',
  'staff.unblocked': 'Сотрудник разблокирован',
  'staff.secondFactorOn': 'Включён вход по коду из приложения',
  'staff.secondFactorOff': 'Отключён вход по коду из приложения',
  'staff.secondFactorReset': 'Сброшен вход по коду из приложения',
  // Catalogue.
  'product.created': 'Товар добавлен',
  'product.updated': 'Товар изменён',
  'product.deleted': 'Товар удалён',
  'product.restored': 'Товар восстановлен',
  'product.hidden': 'Товар скрыт с сайта',
  'product.shown': 'Товар снова показан на сайте',
  'product.stockCorrected': 'Исправлен остаток товара',
  'product.imageAdded': 'Добавлено фото товара',
  'product.imageRemoved': 'Удалено фото товара',
  'product.imageAltChanged': 'Изменена подпись фото товара',
  'product.imagesReordered': 'Изменён порядок фото товара',
  'product.bulkEdited': 'Массовая правка товаров',
  'product.bulkUndone': 'Массовая правка отменена',
  'product.imported': 'Импорт товаров',
  'category.created': 'Категория добавлена',
  'category.updated': 'Категория изменена',
  'category.deleted': 'Категория удалена',
  'category.moved': 'Категория перемещена',
  'category.linked': 'Категории связаны',
  'category.unlinked': 'Связь категорий удалена',
  'category.imageSet': 'Загружена картинка категории',
  'category.imageRemoved': 'Удалена картинка категории',
  'dict.created': 'Значение справочника добавлено',
  'dict.updated': 'Значение справочника изменено',
  'dict.deleted': 'Значение справочника удалено',
  'dict.saved': 'Справочник сохранён',
  'dict.refreshed': 'Справочники пересчитаны по товарам',
  'redirect.created': 'Переадресация добавлена',
  'redirect.deleted': 'Переадресация удалена',
  // Content and promo codes.
  'news.created': 'Новость добавлена',
  'news.updated': 'Новость изменена',
  'news.deleted': 'Новость удалена',
  'news.imageSet': 'Загружена картинка новости',
  'news.imageRemoved': 'Удалена картинка новости',
  'page.created': 'Страница добавлена',
  'page.updated': 'Страница изменена',
  'page.deleted': 'Страница удалена',
  'seo.created': 'SEO-текст добавлен',
  'seo.saved': 'SEO-текст сохранён',
  'seo.deleted': 'SEO-текст удалён',
  'style.created': 'Стиль добавлен',
  'style.updated': 'Стиль изменён',
  'style.deleted': 'Стиль удалён',
  'style.imageSet': 'Загружена картинка стиля',
  'style.imageRemoved': 'Удалена картинка стиля',
  'tags.saved': 'Популярные запросы сохранены',
  'promo.created': 'Промокод добавлен',
  'promo.updated': 'Промокод изменён',
  'promo.deleted': 'Промокод удалён',
};

/** The kind of record an entry changed (`entityType`), as «Заказ № 1042» names it. */
export const AUDIT_RECORD_KIND_LABELS: Readonly<Record<string, string>> = {
  order: 'Заказ',
  payment: 'Платёж',
  request: 'Заявка',
  client: 'Клиент',
  staff: 'Сотрудник',
  product: 'Товар',
  'product-bulk': 'Массовая правка',
  'product-import': 'Импорт',
  category: 'Категория',
  'category-ref': 'Связь категорий',
  dict: 'Справочник',
  redirect: 'Переадресация',
  news: 'Новость',
  page: 'Страница',
  seo: 'SEO-текст',
  'style-category': 'Стиль',
  'popular-tags': 'Популярные запросы',
  promo: 'Промокод',
  tariffs: 'Тарифы, версия',
  delivery_day: 'День доставки',
  delivery_settings: 'Настройки доставки',
};

/** The fields written in before / after, as «Статус: Новый → Подтверждён» names them. */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  // Orders.
  status: 'Статус',
  'contact.name': 'Имя',
  'contact.phone': 'Телефон',
  'contact.email': 'E-mail',
  paymentMethod: 'Способ оплаты',
  prepaymentAmount: 'Предоплата',
  'delivery.method': 'Способ доставки',
  'delivery.address': 'Адрес',
  'delivery.date': 'Дата доставки',
  'delivery.timeSlot': 'Время доставки',
  'delivery.floor': 'Этаж',
  'delivery.lift': 'Лифт',
  'delivery.assembly': 'Сборка',
  items: 'Состав заказа',
  subtotal: 'Сумма товаров',
  discount: 'Скидка',
  total: 'Итого',
  promoCode: 'Промокод',
  services: 'Услуги',
  deletedAt: 'В корзине',
  note: 'Заметка',
  noteId: 'Заметка №',
  visibility: 'Видимость',
  refundAmount: 'Сумма возврата',
  refundLines: 'Позиции',
  refundReason: 'Причина',
  clientId: 'Клиент №',
  source: 'Источник',
  // Requests and clients.
  reply: 'Ответ',
  assigneeId: 'Ответственный №',
  notes: 'Заметки',
  tags: 'Метки',
  sessions: 'Входов на устройствах',
  temporaryPasswordMailedTo: 'Временный пароль отправлен на',
  // Staff.
  email: 'E-mail',
  name: 'Название',
  // (a person's `name` is «Имя»: auditFieldLabel)
  role: 'Роль',
  blocked: 'Заблокирован',
  secondFactor: 'Вход по коду из приложения',
  // Delivery days.
  capacity: 'Доставок на день',
  defaultCapacity: 'Доставок в день по умолчанию',
  // Catalogue and content.
  sku: 'Артикул',
  slug: 'Адрес страницы',
  price: 'Цена',
  price_old: 'Старая цена',
  badge: 'Метка',
  category_id: 'Категория №',
  width: 'Ширина, см',
  depth: 'Глубина, см',
  height: 'Высота, см',
  collection: 'Коллекция',
  style: 'Стиль',
  material: 'Материал',
  colour: 'Цвет',
  brand: 'Бренд',
  country: 'Страна',
  seo_title: 'SEO-заголовок',
  seo_description: 'SEO-описание',
  backorder_allowed: 'Под заказ',
  item_class: 'Класс доставки',
  packed_width: 'Ширина в упаковке, см',
  packed_depth: 'Глубина в упаковке, см',
  packed_height: 'Высота в упаковке, см',
  packed_weight: 'Вес в упаковке, кг',
  packed_boxes: 'Мест в упаковке',
  assembly_available: 'Сборка доступна',
  description: 'Описание',
  specs: 'Характеристики',
  raw_fields: 'Поля 1С',
  stock: 'Остаток',
  hidden: 'Скрыт',
  deleted: 'Удалён',
  image: 'Картинка',
  images: 'Фото',
  alt: 'Подпись фото',
  linked: 'Связаны',
  path: 'Путь',
  from: 'Откуда',
  to: 'Куда',
  title: 'Заголовок',
  excerpt: 'Анонс',
  published: 'Опубликовано',
  active: 'Действует',
  code: 'Код',
  value: 'Значение',
  kind: 'Вид',
  type: 'Тип',
};

/** Fields holding integer kopecks («138 864 ₽» on screen, docs/money.md). */
const MONEY_FIELDS: ReadonlySet<string> = new Set([
  'price',
  'price_old',
  'subtotal',
  'discount',
  'total',
  'prepaymentAmount',
  'refundAmount',
]);

/** An action's Russian label, or its code when there is none yet (never an empty cell). */
export const auditActionLabel = (action: string): string =>
  Object.hasOwn(AUDIT_ACTION_LABELS, action) ? (AUDIT_ACTION_LABELS[action] ?? action) : action;

/** A record kind's Russian label, or its code. */
export const auditRecordKindLabel = (entityType: string): string =>
  Object.hasOwn(AUDIT_RECORD_KIND_LABELS, entityType)
    ? (AUDIT_RECORD_KIND_LABELS[entityType] ?? entityType)
    : entityType;

/** Whether a field has a label (the order card's history shows only those). */
export const hasAuditFieldLabel = (field: string): boolean => Object.hasOwn(AUDIT_FIELD_LABELS, field);

/** Record kinds that are people: their `name` is a name, not a title. */
const PEOPLE: ReadonlySet<string> = new Set(['staff', 'client']);

/** A field's Russian label, or its name. */
export function auditFieldLabel(field: string, entityType?: string): string {
  if (field === 'name' && entityType !== undefined && PEOPLE.has(entityType)) return 'Имя';
  return hasAuditFieldLabel(field) ? (AUDIT_FIELD_LABELS[field] ?? field) : field;
}

/** The log's wire sends lists and objects as JSON text; read them back to word them. */
function structured(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function orderLines(lines: readonly unknown[]): string {
  return lines
    .map((line) => {
      if (typeof line !== 'object' || line === null) return String(line);
      const record = line as Record<string, unknown>;
      return `${String(record.name ?? record.productId)} × ${String(record.quantity)}`;
    })
    .join('; ');
}

const isRequestStatus = (value: string): value is RequestStatus =>
  (REQUEST_STATUSES as readonly string[]).includes(value);

function labelled(field: string, value: string, entityType: string | undefined): string | null {
  if (field === 'status') {
    if (entityType === 'request') return isRequestStatus(value) ? REQUEST_STATUS_LABELS[value] : null;
    return isOrderStatus(value) ? ORDER_STATUS_LABELS[value] : null;
  }
  if (field === 'role') return isStaffRole(value) ? STAFF_ROLE_LABELS[value] : null;
  if (field === 'paymentMethod' && (value === 'online' || value === 'on_delivery'))
    return PAYMENT_METHOD_LABELS[value];
  if (field === 'delivery.method' && (value === 'courier' || value === 'pickup'))
    return DELIVERY_METHOD_LABELS[value];
  if (field === 'delivery.lift' && (value === 'none' || value === 'passenger' || value === 'freight'))
    return LIFT_LABELS[value];
  if (field === 'item_class') return isItemClass(value) ? ITEM_CLASS_LABELS[value] : null;
  return null;
}

/**
 * A value written before / after, for people: statuses and roles by their labels, kopecks as
 * «138 864 ₽», flags «да» / «нет», an order's lines «Диван × 2». Null when there is none (the screen
 * shows «—»). Takes the value as stored, or as the log's wire sends it (text, JSON for lists).
 */
export function auditValueText(field: string, raw: unknown, entityType?: string): string | null {
  const value = structured(raw);
  if (value === null || value === undefined || value === '') return null;
  if (value === true || value === 'true') return 'да';
  if (value === false || value === 'false') return 'нет';
  if (typeof value === 'string') {
    const label = labelled(field, value, entityType);
    if (label !== null) return label;
  }
  if (MONEY_FIELDS.has(field)) {
    const kopecks =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^-?\d+$/.test(value)
          ? Number(value)
          : Number.NaN;
    if (Number.isSafeInteger(kopecks)) return formatKopecks(kopecks);
  }
  if (field === 'items' && Array.isArray(value)) return orderLines(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number'))
    return value.join(', ');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

const codesNamed = (record: Readonly<Record<string, string>>, needle: string): string[] =>
  Object.entries(record)
    .filter(([, label]) => label.toLowerCase().includes(needle))
    .map(([code]) => code);

/** The labelled values (statuses, roles) whose label holds the text: «подтвержд» → `confirmed`. */
const VALUE_LABELS: readonly Readonly<Record<string, string>>[] = [
  ORDER_STATUS_LABELS,
  REQUEST_STATUS_LABELS,
  STAFF_ROLE_LABELS,
];

/**
 * What a search of the log in Russian names: the actions, record kinds and value codes whose label holds
 * the text (case-insensitively), so «Изменён статус заказа» or «Подтверждён» finds entries stored as
 * `order.statusChanged` / `confirmed`. Empty lists when the text names no label.
 */
export function auditCodesNamed(text: string): {
  readonly actions: readonly string[];
  readonly kinds: readonly string[];
  readonly values: readonly string[];
} {
  const needle = text.trim().toLowerCase();
  if (needle === '') return { actions: [], kinds: [], values: [] };
  return {
    actions: codesNamed(AUDIT_ACTION_LABELS, needle),
    kinds: codesNamed(AUDIT_RECORD_KIND_LABELS, needle),
    values: [...new Set(VALUE_LABELS.flatMap((record) => codesNamed(record, needle)))],
  };
}
