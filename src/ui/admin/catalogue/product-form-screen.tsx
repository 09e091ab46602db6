import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { AlertTriangle, CheckCircle2, ExternalLink, XCircle } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import {
  AVAILABILITY_SOURCE_LABELS,
  AVAILABILITY_SOURCES,
  type AvailabilitySourceKind,
  availabilityProblem,
} from '../../../../shared-rules/availability-rule';
import { ITEM_CLASS_LABELS, ITEM_CLASSES, isItemClass } from '../../../../shared-rules/item-class-rule';
import { SPEC_LABELS } from '../../../../shared-rules/product-spec-rule';
import { buyabilityProblems } from '../../../application/admin/product-diagnostics';
import { productFormMachine } from '../../../application/admin/products/product-form.machine';
import type { ProductDictionaries } from '../../../application/admin/products/product-form-page.query';
import type { ProductFormRef } from '../../../application/machines/admin/image-manager.machine';
import type { AdminCategory } from '../../../application/ports/admin-categories.port';
import type { DictionaryName } from '../../../application/ports/admin-dicts.port';
import {
  PRODUCT_SPEC_LABELS,
  type ProductDraft,
  SEO_LIMITS,
} from '../../../application/ports/admin-products.port';
import { truncateDescription } from '../../../domain/page-indexing';
import { PRODUCT_BADGES, type ProductBadge } from '../../../domain/product';
import { BADGE_LABELS } from '../../../domain/product-presentation';
import { useUseCase } from '../../shell/shop-context';
import { Card, ErrorPanel, Field } from '../admin-ui';
import * as ui from '../admin-ui.css';
import { LazyRichTextEditor } from '../lazy-rich-text-editor';
import { PageHeader } from '../page-header';
import * as styles from './catalogue.css';
import { ProductImageManager } from './product-image-manager';
import { categoryOptions } from './products-screen';
import { LengthCounter, SaveBar, UnsavedChangesGuard, useDraft } from './record-form-view';
import { StockMovementsPanel } from './stock-movements-panel';

export const BLANK_PRODUCT: ProductDraft = {
  sku: '',
  slug: '',
  name: '',
  description: '',
  price: 0,
  price_old: null,
  badge: null,
  category_id: 0,
  width: null,
  depth: null,
  height: null,
  collection: '',
  style: '',
  material: '',
  colour: '',
  brand: '',
  country: '',
  specs: {},
  seo_title: '',
  seo_description: '',
  stock: null,
  backorder_allowed: false,
  item_class: null,
  packed_width: null,
  packed_depth: null,
  packed_height: null,
  packed_weight: null,
  packed_boxes: null,
  assembly_available: false,
  availability_source: 'warehouse',
  availability_min_days: null,
  availability_max_days: null,
  hidden: false,
};

/** Which dictionary a text field picks from. */
const FIELD_DICTIONARIES = {
  collection: 'collections',
  style: 'styles',
  material: 'materials',
  colour: 'colors',
  brand: 'brands',
  country: 'countries',
} as const satisfies Partial<Record<keyof ProductDraft, DictionaryName>>;

/** The fields the catalogue's filters and search read (the spec lines below are what the page shows). */
const FILTER_FIELDS = [
  ['collection', 'Коллекция'],
  ['style', SPEC_LABELS.STYLE],
  ['material', SPEC_LABELS.MATERIAL],
  ['colour', SPEC_LABELS.COLOR],
  ['brand', 'Бренд'],
  ['country', SPEC_LABELS.COUNTRY],
] as const;

const SPEC_DICTIONARIES: Readonly<Record<string, DictionaryName>> = {
  COLOR: 'colors',
  MATERIAL: 'materials',
  COUNTRY: 'countries',
  FABRIKA: 'factories',
  SERIA: 'series',
  STYLE: 'styles',
};

function wholeOrNull(value: string): number | null {
  const digits = value.replace(/[^\d]/g, '');
  return digits === '' ? null : Number(digits);
}

type ProductForm = ProductFormRef;

function TextInput({
  form,
  field,
  label,
  hint,
  list,
  required,
}: {
  form: ProductForm;
  field: 'name' | 'slug' | 'sku' | 'collection' | 'style' | 'material' | 'colour' | 'brand' | 'country';
  label: string;
  hint?: string;
  list?: string;
  required?: boolean;
}) {
  const value = useSelector(form, (snapshot) => snapshot.context.draft[field]);
  return (
    <Field label={required ? `${label} *` : label} {...(hint === undefined ? {} : { hint })}>
      {(control) => (
        <input
          {...control}
          className={ui.control}
          value={value}
          list={list}
          required={required}
          onChange={(event) => form.send({ type: 'form.edited', changes: { [field]: event.target.value } })}
        />
      )}
    </Field>
  );
}

function NumberInput({
  form,
  field,
  label,
  hint,
  placeholder,
}: {
  form: ProductForm;
  field:
    | 'price'
    | 'price_old'
    | 'width'
    | 'depth'
    | 'height'
    | 'stock'
    | 'packed_width'
    | 'packed_depth'
    | 'packed_height'
    | 'packed_boxes'
    | 'availability_min_days'
    | 'availability_max_days';
  label: string;
  hint?: string;
  placeholder?: string;
}) {
  const value = useSelector(form, (snapshot) => snapshot.context.draft[field]);
  return (
    <Field label={label} {...(hint === undefined ? {} : { hint })}>
      {(control) => (
        <input
          {...control}
          className={`${ui.control} ${ui.mono}`}
          inputMode="numeric"
          value={value ?? ''}
          placeholder={placeholder}
          onChange={(event) => {
            const parsed = wholeOrNull(event.target.value);
            form.send({
              type: 'form.edited',
              changes: { [field]: field === 'price' ? (parsed ?? 0) : parsed },
            });
          }}
        />
      )}
    </Field>
  );
}

/** Kilograms with one decimal; a comma is read as the decimal point (how a manager types it). */
function kilogramsOrNull(value: string): number | null {
  const text = value.replace(',', '.').replace(/[^\d.]/g, '');
  if (text === '' || text === '.') return null;
  const parsed = Number.parseFloat(text);
  return Number.isFinite(parsed) ? Math.round(parsed * 10) / 10 : null;
}

/**
 * «Вес в упаковке, кг»: the typed text stays as typed while it is being written («12,» on the way to
 * «12,5»), the draft gets the number.
 */
function WeightInput({ form }: { form: ProductForm }) {
  const weight = useSelector(form, (snapshot) => snapshot.context.draft.packed_weight);
  const [text, setText] = useState<string | null>(null);
  const shown =
    text !== null && kilogramsOrNull(text) === weight
      ? text
      : weight === null
        ? ''
        : String(weight).replace('.', ',');
  return (
    <Field label="Вес в упаковке, кг">
      {(control) => (
        <input
          {...control}
          className={`${ui.control} ${ui.mono}`}
          inputMode="decimal"
          value={shown}
          onChange={(event) => {
            setText(event.target.value);
            form.send({
              type: 'form.edited',
              changes: { packed_weight: kilogramsOrNull(event.target.value) },
            });
          }}
        />
      )}
    </Field>
  );
}

function DictionaryLists({ dictionaries }: { dictionaries: ProductDictionaries }) {
  return (
    <>
      {Object.entries(dictionaries).map(([name, entries]) => (
        <datalist key={name} id={`dict-${name}`}>
          {(entries ?? [])
            .filter((entry) => entry.active)
            .map((entry) => (
              <option key={entry.key} value={entry.value} />
            ))}
        </datalist>
      ))}
    </>
  );
}

/** How the product will look in Yandex/Google results: title, address, the description cut at 157. */
export function SerpPreview({
  title,
  description,
  path,
}: {
  title: string;
  description: string;
  path: string;
}) {
  const cut = truncateDescription(description, SEO_LIMITS.descriptionCut);
  return (
    <figure className={styles.serp} aria-label="Так товар выглядит в поиске">
      <span className={styles.serpUrl}>дом-и-стиль.рф › {path}</span>
      <span className={styles.serpTitle}>{title || 'Заголовок не задан — будет взято название товара'}</span>
      <span className={styles.serpText}>
        {cut || 'Описание не задано — поисковик возьмёт текст со страницы.'}
      </span>
      {description.length > SEO_LIMITS.descriptionCut && (
        <figcaption className={ui.muted}>
          В выдаче будет видно первые {SEO_LIMITS.descriptionCut} символов — остальное обрезается.
        </figcaption>
      )}
    </figure>
  );
}

function BuyabilityCard({ form, categories }: { form: ProductForm; categories: readonly AdminCategory[] }) {
  const facts = useSelector(form, (snapshot) => {
    const { draft, meta } = snapshot.context;
    return {
      price: draft.price,
      hidden: draft.hidden,
      stock: draft.stock,
      categoryId: draft.category_id,
      imageCount: meta?.images.length ?? 0,
      deleted: meta?.deletedAt != null,
    };
  });
  const category = categories.find((item) => item.id === facts.categoryId);
  const problems = buyabilityProblems({
    ...facts,
    categoryActive: category === undefined ? null : category.active,
  });
  return (
    <Card title="Почему нельзя купить">
      {problems.length === 0 ? (
        <p className={styles.check.ok}>
          <CheckCircle2 width={18} height={18} aria-hidden="true" /> Товар продаётся: цена, фото, категория и
          остаток в порядке.
        </p>
      ) : (
        <ul className={styles.checks}>
          {problems.map((problem) => (
            <li key={problem.code} className={styles.check[problem.severity]}>
              {problem.severity === 'blocker' ? (
                <XCircle width={18} height={18} aria-hidden="true" />
              ) : (
                <AlertTriangle width={18} height={18} aria-hidden="true" />
              )}
              <span className={styles.checkText}>
                <strong>{problem.title}</strong>
                <span className={ui.muted}>{problem.fix}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className={ui.muted}>Проверка идёт по тому, что в форме сейчас, до сохранения.</p>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return <Card title={title}>{children}</Card>;
}

function ProductFields({ form, categories }: { form: ProductForm; categories: readonly AdminCategory[] }) {
  const draft = useDraft(form);
  const descriptionLabel = useId();
  const edit = (changes: Partial<ProductDraft>) => form.send({ type: 'form.edited', changes });
  const tracked = draft.stock !== null;
  return (
    <div className={styles.formColumn}>
      <Section title="Основное">
        <div className={styles.fieldGrid}>
          <div className={styles.fieldWide}>
            <TextInput form={form} field="name" label="Название" required />
          </div>
          <TextInput form={form} field="sku" label="Артикул" hint="Пусто — будет создан" />
          <TextInput
            form={form}
            field="slug"
            label="Адрес (slug)"
            hint="Латиница, цифры и дефисы; смена адреса создаёт 301-переадресацию"
          />
          <Field label="Категория *">
            {(control) => (
              <select
                {...control}
                className={ui.control}
                value={draft.category_id || ''}
                onChange={(event) => edit({ category_id: Number(event.target.value) })}
              >
                <option value="" disabled>
                  Выберите категорию
                </option>
                {categoryOptions(categories).map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <NumberInput form={form} field="price" label="Цена, ₽ *" />
          <NumberInput
            form={form}
            field="price_old"
            label="Старая цена, ₽"
            placeholder="нет"
            hint="Больше цены — покажется скидка"
          />
          <Field label="Метка">
            {(control) => (
              <select
                {...control}
                className={ui.control}
                value={draft.badge ?? ''}
                onChange={(event) =>
                  edit({ badge: event.target.value === '' ? null : (event.target.value as ProductBadge) })
                }
              >
                <option value="">Без метки</option>
                {PRODUCT_BADGES.map((badge) => (
                  <option key={badge} value={badge}>
                    {BADGE_LABELS[badge]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </Section>
      <Section title="Наличие и витрина">
        <div className={styles.fieldGrid}>
          <label className={ui.checkboxLabel}>
            <input
              type="checkbox"
              className={ui.checkbox}
              checked={tracked}
              onChange={(event) => edit({ stock: event.target.checked ? (draft.stock ?? 0) : null })}
            />
            Вести учёт остатка
          </label>
          {tracked ? (
            <NumberInput
              form={form}
              field="stock"
              label="Остаток, шт."
              hint="Изменение запишется в движение остатков как ручная корректировка"
            />
          ) : (
            <p className={ui.muted}>Остаток не ведётся — товар всегда в наличии.</p>
          )}
          {tracked && (
            <label className={ui.checkboxLabel}>
              <input
                type="checkbox"
                className={ui.checkbox}
                checked={draft.backorder_allowed}
                onChange={(event) => edit({ backorder_allowed: event.target.checked })}
              />
              Продавать под заказ, когда остаток закончился
            </label>
          )}
          <label className={ui.checkboxLabel}>
            <input
              type="checkbox"
              className={ui.checkbox}
              checked={draft.hidden}
              onChange={(event) => edit({ hidden: event.target.checked })}
            />
            Скрыт с витрины
          </label>
        </div>
      </Section>
      <Section title="Описание">
        <span id={descriptionLabel} className={ui.fieldLabel}>
          Текст на странице товара
        </span>
        <LazyRichTextEditor
          value={draft.description}
          labelledBy={descriptionLabel}
          onChange={(html) => edit({ description: html })}
        />
      </Section>
      <Section title="Размеры и характеристики">
        <div className={styles.fieldGrid}>
          <NumberInput form={form} field="width" label="Ширина, см" />
          <NumberInput form={form} field="depth" label="Глубина, см" />
          <NumberInput form={form} field="height" label="Высота, см" />
        </div>
        <h3 className={ui.fieldLabel}>Для фильтров каталога и поиска</h3>
        <p className={ui.muted}>
          По этим значениям покупатель отбирает товары в категории и находит их поиском. Берите значения из
          справочников, чтобы одинаковые товары попадали в один фильтр.
        </p>
        <div className={styles.fieldGrid}>
          {FILTER_FIELDS.map(([field, label]) => (
            <TextInput
              key={field}
              form={form}
              field={field}
              label={`${label} (фильтр)`}
              list={`dict-${FIELD_DICTIONARIES[field]}`}
            />
          ))}
        </div>
        <h3 className={ui.fieldLabel}>Характеристики на странице товара</h3>
        <p className={ui.muted}>
          Строки таблицы «Характеристики» на странице товара, как их прочтёт покупатель (например, «Серый
          меланж»). Пустая строка не показывается.
        </p>
        <div className={styles.fieldGrid}>
          {PRODUCT_SPEC_LABELS.map((spec) => {
            const dictionary = SPEC_DICTIONARIES[spec.key];
            return (
              <Field key={spec.key} label={`${spec.label} (на странице товара)`}>
                {(control) => (
                  <input
                    {...control}
                    className={ui.control}
                    value={draft.specs[spec.key] ?? ''}
                    list={dictionary === undefined ? undefined : `dict-${dictionary}`}
                    onChange={(event) => {
                      const specs: Record<string, string> = {
                        ...draft.specs,
                        [spec.key]: event.target.value,
                      };
                      if (event.target.value === '') delete specs[spec.key];
                      edit({ specs });
                    }}
                  />
                )}
              </Field>
            );
          })}
        </div>
      </Section>
      <AvailabilitySection form={form} />
      <Section title="Доставка и сборка">
        <p className={ui.muted}>
          По классу товара и упаковке считаются подъём, сборка и другие услуги доставки (тарифы — в разделе
          «Тарифы доставки и услуги»).
        </p>
        <div className={styles.fieldGrid}>
          <Field label="Класс товара" hint="Не выбран — считается как мелкий товар">
            {(control) => (
              <select
                {...control}
                className={ui.control}
                value={draft.item_class ?? ''}
                onChange={(event) =>
                  edit({ item_class: isItemClass(event.target.value) ? event.target.value : null })
                }
              >
                <option value="">Не выбран</option>
                {ITEM_CLASSES.map((itemClass) => (
                  <option key={itemClass} value={itemClass}>
                    {ITEM_CLASS_LABELS[itemClass]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <NumberInput form={form} field="packed_width" label="Упаковка: ширина, см" />
          <NumberInput form={form} field="packed_depth" label="Упаковка: глубина, см" />
          <NumberInput form={form} field="packed_height" label="Упаковка: высота, см" />
          <WeightInput form={form} />
          <NumberInput form={form} field="packed_boxes" label={SPEC_LABELS.UPAK_KOLVO} />
          <label className={ui.checkboxLabel}>
            <input
              type="checkbox"
              className={ui.checkbox}
              checked={draft.assembly_available}
              onChange={(event) => edit({ assembly_available: event.target.checked })}
            />
            Сборка возможна
          </label>
        </div>
      </Section>
      <Section title="Поисковая выдача (SEO)">
        <div className={ui.stack}>
          <Field label="SEO-заголовок" hint="Пусто — будет название товара">
            {(control) => (
              <>
                <input
                  {...control}
                  className={ui.control}
                  value={draft.seo_title}
                  maxLength={SEO_LIMITS.title}
                  onChange={(event) => edit({ seo_title: event.target.value })}
                />
                <LengthCounter length={draft.seo_title.length} max={SEO_LIMITS.title} />
              </>
            )}
          </Field>
          <Field label="SEO-описание" hint={`В выдаче видно ${SEO_LIMITS.descriptionCut} символов`}>
            {(control) => (
              <>
                <textarea
                  {...control}
                  className={ui.textarea}
                  value={draft.seo_description}
                  maxLength={SEO_LIMITS.description}
                  onChange={(event) => edit({ seo_description: event.target.value })}
                />
                <LengthCounter length={draft.seo_description.length} max={SEO_LIMITS.description} />
              </>
            )}
          </Field>
          <SerpPreview
            title={draft.seo_title || draft.name}
            description={draft.seo_description}
            path={`product › ${draft.slug || 'адрес-товара'}`}
          />
        </div>
      </Section>
    </div>
  );
}

const isAvailabilitySource = (value: string): value is AvailabilitySourceKind =>
  (AVAILABILITY_SOURCES as readonly string[]).includes(value);

/**
 * «Наличие и срок» (issue 23, item 5): склад, шоурум, поставщик N раб. дн. or под заказ N–M дн.; the
 * storefront's «Привезём …» is computed from it. Days are kept only where the source uses them.
 */
function AvailabilitySection({ form }: { form: ProductForm }) {
  const draft = useDraft(form);
  const source = draft.availability_source;
  const problem = availabilityProblem({
    source,
    minDays: draft.availability_min_days,
    maxDays: draft.availability_max_days,
  });
  return (
    <Section title="Наличие и срок поставки">
      <p className={ui.muted}>По источнику считается дата на витрине и в корзине: «Привезём 3–5 декабря».</p>
      <div className={styles.fieldGrid}>
        <Field label="Источник наличия">
          {(control) => (
            <select
              {...control}
              className={ui.control}
              value={source}
              onChange={(event) => {
                const next = event.target.value;
                if (!isAvailabilitySource(next)) return;
                form.send({
                  type: 'form.edited',
                  changes: {
                    availability_source: next,
                    availability_min_days:
                      next === 'supplier' || next === 'made_to_order' ? draft.availability_min_days : null,
                    availability_max_days: next === 'made_to_order' ? draft.availability_max_days : null,
                  },
                });
              }}
            >
              {AVAILABILITY_SOURCES.map((each) => (
                <option key={each} value={each}>
                  {AVAILABILITY_SOURCE_LABELS[each]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {source === 'supplier' && (
          <NumberInput form={form} field="availability_min_days" label="Срок поставщика, раб. дн." />
        )}
        {source === 'made_to_order' && (
          <>
            <NumberInput form={form} field="availability_min_days" label="Изготовление от, раб. дн." />
            <NumberInput form={form} field="availability_max_days" label="Изготовление до, раб. дн." />
          </>
        )}
      </div>
      {problem !== null && (
        <p className={ui.fieldError} role="alert">
          {problem}
        </p>
      )}
    </Section>
  );
}

export interface ProductFormScreenProps {
  /** null: a new product. */
  readonly productId: number | null;
  readonly categories: readonly AdminCategory[];
  readonly dictionaries: ProductDictionaries;
  /** A new product was stored: the route keeps this form while the address moves to its id. */
  readonly onCreated?: (id: number) => void;
}

/** /admin/products/{id} and /admin/products/new: the whole product, pictures and diagnostics. */
export function ProductFormScreen({
  productId,
  categories,
  dictionaries,
  onCreated,
}: ProductFormScreenProps) {
  const navigate = useNavigate();
  const form = useActorRef(useUseCase(productFormMachine), {
    input: { id: productId, blank: BLANK_PRODUCT },
  });
  const state = useSelector(form, (snapshot) => snapshot.value);
  const error = useSelector(form, (snapshot) => snapshot.context.error);
  const name = useSelector(form, (snapshot) => snapshot.context.stored?.name ?? '');
  const slug = useSelector(form, (snapshot) => snapshot.context.stored?.slug ?? '');
  const recordId = useSelector(form, (snapshot) => snapshot.context.id);
  const createdId = productId === null && typeof recordId === 'number' ? recordId : null;

  // The «Создать товар» answer gave the record its id: the address follows (the form stays).
  useEffect(() => {
    if (createdId === null) return;
    onCreated?.(createdId);
    void navigate({ to: '/admin/products/$id', params: { id: String(createdId) }, replace: true });
  }, [createdId, onCreated, navigate]);

  const title = recordId === null ? 'Новый товар' : name || 'Товар';
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[{ label: 'Товары', to: '/admin/products' }]}
        actions={
          slug !== '' ? (
            <a className={ui.link} href={`/product/${slug}`} target="_blank" rel="noreferrer">
              <ExternalLink width={16} height={16} aria-hidden="true" /> Открыть на сайте
            </a>
          ) : undefined
        }
      />
      <UnsavedChangesGuard form={form} />
      <DictionaryLists dictionaries={dictionaries} />
      {state === 'loading' || state === 'starting' ? (
        <p className={ui.muted} role="status">
          Загружаем товар…
        </p>
      ) : state === 'loadFailed' ? (
        <ErrorPanel
          text={error ?? 'Не удалось загрузить товар'}
          onRetry={() => form.send({ type: 'form.retryRequested' })}
        />
      ) : (
        <form
          className={ui.stack}
          onSubmit={(event) => {
            event.preventDefault();
            form.send({ type: 'form.saveRequested' });
          }}
        >
          <div className={styles.formLayout}>
            <ProductFields form={form} categories={categories} />
            <div className={styles.formColumn}>
              <BuyabilityCard form={form} categories={categories} />
              {typeof recordId === 'number' && <StockMovementsPanel productId={recordId} form={form} />}
              <ProductImageManager form={form} />
            </div>
          </div>
          <SaveBar form={form} createLabel="Создать товар" />
        </form>
      )}
    </>
  );
}
