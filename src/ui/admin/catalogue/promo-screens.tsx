import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Plus } from 'lucide-react';
import { formatKopecks } from '../../../../shared-rules/money-rule';
import { promoCodeProblem } from '../../../../shared-rules/promo-code-rule';
import { promoEditorMachine } from '../../../application/admin/promo/promo-editor.machine';
import type {
  AdminPromoRow,
  PromoDraft,
  PromoKind,
  PromoStats,
} from '../../../application/ports/admin-promo.port';
import { formatPrice } from '../../../domain/money';
import { buttonClassName } from '../../components/button';
import { Card, EmptyPanel, ErrorPanel, Field, StatusBadge } from '../admin-ui';
import * as ui from '../admin-ui.css';
import { PageHeader } from '../page-header';
import * as styles from './catalogue.css';
import { type RecordFormActor, SaveBar, UnsavedChangesGuard, useDraft } from './record-form-view';
import { useRecordFormMachine } from './use-record-form-machine';

function discountText(promo: Pick<PromoDraft, 'kind' | 'value'>): string {
  return promo.kind === 'percent' ? `${promo.value} %` : formatPrice(promo.value);
}

function limitText(limit: number | null): string {
  return limit === null ? 'без ограничений' : String(limit);
}

function periodText(promo: Pick<PromoDraft, 'valid_from' | 'valid_until'>): string {
  if (promo.valid_from === null && promo.valid_until === null) return 'бессрочно';
  const day = (value: string) => new Date(`${value}T00:00:00`).toLocaleDateString('ru-RU');
  return `${promo.valid_from ? `с ${day(promo.valid_from)}` : ''} ${promo.valid_until ? `по ${day(promo.valid_until)}` : ''}`.trim();
}

/** /admin/promocodes: every code with its discount, limits, period and how much it was used. */
export function PromoListScreen({ promos }: { promos: readonly AdminPromoRow[] }) {
  return (
    <>
      <PageHeader
        title="Промокоды"
        subtitle={`Всего: ${promos.length}`}
        actions={
          <Link
            to="/admin/promocodes/$code"
            params={{ code: 'new' }}
            className={buttonClassName({ size: 's' })}
          >
            <Plus width={16} height={16} aria-hidden="true" /> Новый промокод
          </Link>
        }
      />
      <Card>
        {promos.length === 0 ? (
          <EmptyPanel title="Промокодов пока нет" text="Создайте первый: скидка в процентах или рублях." />
        ) : (
          <div className={ui.tableWrap}>
            <table className={ui.table}>
              <caption className={ui.muted}>Промокоды и их использование</caption>
              <thead>
                <tr>
                  <th className={ui.th} scope="col">
                    Код
                  </th>
                  <th className={`${ui.th} ${ui.numeric}`} scope="col">
                    Скидка
                  </th>
                  <th className={`${ui.th} ${ui.hideOnMobile}`} scope="col">
                    Срок
                  </th>
                  <th className={`${ui.th} ${ui.numeric}`} scope="col">
                    Использований
                  </th>
                  <th className={`${ui.th} ${ui.numeric} ${ui.hideOnMobile}`} scope="col">
                    Выручка
                  </th>
                  <th className={ui.th} scope="col">
                    Статус
                  </th>
                </tr>
              </thead>
              <tbody>
                {promos.map((promo) => (
                  <tr key={promo.code} className={ui.tr}>
                    <td className={ui.td}>
                      <Link
                        to="/admin/promocodes/$code"
                        params={{ code: promo.code }}
                        className={styles.productName}
                      >
                        {promo.code}
                      </Link>
                      {promo.description && (
                        <>
                          <br />
                          <span className={styles.productSku}>{promo.description}</span>
                        </>
                      )}
                    </td>
                    <td className={`${ui.td} ${ui.numeric}`}>{discountText(promo)}</td>
                    <td className={`${ui.td} ${ui.hideOnMobile}`}>{periodText(promo)}</td>
                    <td className={`${ui.td} ${ui.numeric}`}>
                      {promo.stats.uses}
                      {promo.usage_limit !== null && ` из ${promo.usage_limit}`}
                    </td>
                    <td className={`${ui.td} ${ui.numeric} ${ui.hideOnMobile}`}>
                      {formatKopecks(promo.stats.revenue)}
                    </td>
                    <td className={ui.td}>
                      {promo.active ? (
                        <StatusBadge tone="success">активен</StatusBadge>
                      ) : (
                        <StatusBadge tone="muted">выключен</StatusBadge>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </>
  );
}

const BLANK_PROMO: PromoDraft = {
  code: '',
  kind: 'percent',
  value: 10,
  description: '',
  min_order_total: 0,
  valid_from: null,
  valid_until: null,
  active: true,
  usage_limit: null,
  per_client_limit: 1,
};

function wholeOrNull(value: string): number | null {
  const digits = value.replace(/[^\d]/g, '');
  return digits === '' ? null : Number(digits);
}

function StatsCard({ stats }: { stats: PromoStats }) {
  return (
    <Card title="Статистика">
      <dl className={styles.statsGrid}>
        <div>
          <dt className={ui.muted}>Заказов с кодом</dt>
          <dd className={styles.statValue}>{stats.uses}</dd>
        </div>
        <div>
          <dt className={ui.muted}>Клиентов</dt>
          <dd className={styles.statValue}>{stats.clients}</dd>
        </div>
        <div>
          <dt className={ui.muted}>Выручка</dt>
          <dd className={styles.statValue}>{formatKopecks(stats.revenue)}</dd>
        </div>
        <div>
          <dt className={ui.muted}>Скидок дано</dt>
          <dd className={styles.statValue}>{formatKopecks(stats.discount)}</dd>
        </div>
      </dl>
      <p className={ui.muted}>Отменённые заказы не считаются и возвращают использование.</p>
    </Card>
  );
}

function PromoFields({ form, isNew }: { form: RecordFormActor<PromoDraft, PromoStats>; isNew: boolean }) {
  const draft = useDraft(form);
  const edit = (changes: Partial<PromoDraft>) => form.send({ type: 'form.edited', changes });
  // The one rule of what a code may be, said at the field as it is typed (issue 25 item 13).
  const codeProblem = isNew && draft.code.trim() !== '' ? promoCodeProblem(draft.code.trim()) : null;
  return (
    <Card title="Условия">
      <div className={styles.fieldGrid}>
        <Field
          label="Код *"
          hint={isNew ? 'Латиница, цифры, «-» и «_», 2–32 знака' : 'Код менять нельзя'}
          error={codeProblem}
        >
          {(control) => (
            <input
              {...control}
              className={`${ui.control} ${ui.mono}`}
              value={draft.code}
              readOnly={!isNew}
              required
              onChange={(event) => edit({ code: event.target.value.toUpperCase() })}
            />
          )}
        </Field>
        <Field label="Тип скидки">
          {(control) => (
            <select
              {...control}
              className={ui.control}
              value={draft.kind}
              onChange={(event) => edit({ kind: event.target.value as PromoKind })}
            >
              <option value="percent">Процент от суммы</option>
              <option value="fixed">Фиксированная, ₽</option>
            </select>
          )}
        </Field>
        <Field label={draft.kind === 'percent' ? 'Скидка, %' : 'Скидка, ₽'}>
          {(control) => (
            <input
              {...control}
              className={`${ui.control} ${ui.mono}`}
              inputMode="numeric"
              value={draft.value}
              onChange={(event) => edit({ value: wholeOrNull(event.target.value) ?? 0 })}
            />
          )}
        </Field>
        <Field label="Минимальная сумма заказа, ₽" hint="0 — любая">
          {(control) => (
            <input
              {...control}
              className={`${ui.control} ${ui.mono}`}
              inputMode="numeric"
              value={draft.min_order_total}
              onChange={(event) => edit({ min_order_total: wholeOrNull(event.target.value) ?? 0 })}
            />
          )}
        </Field>
        <Field label="Действует с">
          {(control) => (
            <input
              {...control}
              className={ui.control}
              type="date"
              value={draft.valid_from ?? ''}
              onChange={(event) =>
                edit({ valid_from: event.target.value === '' ? null : event.target.value })
              }
            />
          )}
        </Field>
        <Field label="Действует по">
          {(control) => (
            <input
              {...control}
              className={ui.control}
              type="date"
              value={draft.valid_until ?? ''}
              onChange={(event) =>
                edit({ valid_until: event.target.value === '' ? null : event.target.value })
              }
            />
          )}
        </Field>
        <Field label="Всего использований" hint="Пусто — без ограничений">
          {(control) => (
            <input
              {...control}
              className={`${ui.control} ${ui.mono}`}
              inputMode="numeric"
              value={draft.usage_limit ?? ''}
              placeholder={limitText(null)}
              onChange={(event) => edit({ usage_limit: wholeOrNull(event.target.value) })}
            />
          )}
        </Field>
        <Field label="На одного клиента" hint="Пусто — без ограничений">
          {(control) => (
            <input
              {...control}
              className={`${ui.control} ${ui.mono}`}
              inputMode="numeric"
              value={draft.per_client_limit ?? ''}
              placeholder={limitText(null)}
              onChange={(event) => edit({ per_client_limit: wholeOrNull(event.target.value) })}
            />
          )}
        </Field>
        <div className={styles.fieldWide}>
          <Field label="Описание для менеджеров">
            {(control) => (
              <input
                {...control}
                className={ui.control}
                value={draft.description}
                maxLength={500}
                onChange={(event) => edit({ description: event.target.value })}
              />
            )}
          </Field>
        </div>
        <label className={ui.checkboxLabel}>
          <input
            type="checkbox"
            className={ui.checkbox}
            checked={draft.active}
            onChange={(event) => edit({ active: event.target.checked })}
          />
          Активен
        </label>
      </div>
    </Card>
  );
}

/** /admin/promocodes/{code}: the code's conditions, limits and usage statistics. */
export function PromoEditorScreen({ code }: { code: string | null }) {
  const navigate = useNavigate();
  const form = useRecordFormMachine(promoEditorMachine, { id: code, blank: BLANK_PROMO }, (id) => {
    void navigate({ to: '/admin/promocodes/$code', params: { code: String(id) }, replace: true });
  });
  const state = useSelector(form, (snapshot) => snapshot.value);
  const error = useSelector(form, (snapshot) => snapshot.context.error);
  const stats = useSelector(form, (snapshot) => snapshot.context.meta);
  if (state === 'loading' || state === 'starting')
    return (
      <p className={ui.muted} role="status">
        Загружаем…
      </p>
    );
  if (state === 'loadFailed')
    return (
      <ErrorPanel
        text={error ?? 'Не удалось загрузить'}
        onRetry={() => form.send({ type: 'form.retryRequested' })}
      />
    );
  return (
    <>
      <PageHeader
        title={code === null ? 'Новый промокод' : `Промокод ${code}`}
        crumbs={[{ label: 'Промокоды', to: '/admin/promocodes' }]}
      />
      <UnsavedChangesGuard form={form} />
      <form
        className={ui.stack}
        onSubmit={(event) => {
          event.preventDefault();
          form.send({ type: 'form.saveRequested' });
        }}
      >
        <div className={styles.formLayout}>
          <PromoFields form={form} isNew={code === null} />
          <div className={styles.formColumn}>
            {stats ? (
              <StatsCard stats={stats} />
            ) : (
              <Card title="Статистика">
                <p className={ui.muted}>Появится после первых заказов с кодом.</p>
              </Card>
            )}
          </div>
        </div>
        <SaveBar form={form} createLabel="Создать промокод" />
      </form>
    </>
  );
}
