import { useSelector } from '@xstate/react';
import { useState } from 'react';
import {
  DELIVERY_ZONE_LABELS,
  OPTIONAL_SERVICE_LABELS,
} from '../../../../shared-rules/delivery-service-rule';
import { ITEM_CLASS_LABELS, ITEM_CLASSES, type ItemClass } from '../../../../shared-rules/item-class-rule';
import { tariffsFormMachine } from '../../../application/admin/tariffs/tariffs-form.machine';
import type {
  AssemblyPrice,
  ClassTariff,
  DeliveryTariffs,
} from '../../../application/ports/admin-tariffs.port';
import { Card, ErrorPanel, Field } from '../admin-ui';
import * as ui from '../admin-ui.css';
import { PageHeader } from '../page-header';
import * as styles from './catalogue.css';
import { type RecordFormActor, SaveBar, UnsavedChangesGuard, useDraft } from './record-form-view';
import { useRecordFormMachine } from './use-record-form-machine';

type TariffsForm = RecordFormActor<DeliveryTariffs, { readonly savedAt: string | null }>;

const KOPECKS_PER_ROUBLE = 100;

/** Only shown until the document is read (the form loads it before anything is drawn). */
const NO_CLASS: ClassTariff = {
  carryPerFloor: 0,
  carryPassengerLift: null,
  assembly: { kind: 'fixed', amount: 0 },
};
const BLANK_TARIFFS: DeliveryTariffs = {
  freeDeliveryFrom: 0,
  insideKad: 0,
  outsideKadBase: 0,
  outsideKadPerKm: 0,
  freightLiftPerItem: 0,
  dismantlingPerItem: 0,
  doorRemoval: 0,
  oldFurnitureRemovalPerItem: 0,
  classes: Object.fromEntries(ITEM_CLASSES.map((id) => [id, NO_CLASS])) as Record<ItemClass, ClassTariff>,
};

/** Whole roubles typed (spaces and «₽» ignored) → kopecks; empty → null. */
function kopecksOf(text: string): number | null {
  const digits = text.replace(/[^\d]/g, '');
  return digits === '' ? null : Number(digits) * KOPECKS_PER_ROUBLE;
}

function roublesText(kopecks: number | null): string {
  return kopecks === null ? '' : String(kopecks / KOPECKS_PER_ROUBLE);
}

function RoublesInput({
  label,
  kopecks,
  onChange,
  emptyMeans,
  labelled = true,
}: {
  label: string;
  kopecks: number | null;
  onChange: (kopecks: number | null) => void;
  /** What an empty value means (only where the tariff allows no price). */
  emptyMeans?: string;
  /** In a table the column names the cell: the label is given to screen readers only. */
  labelled?: boolean;
}) {
  const input = (props: { id?: string }) => (
    <input
      {...props}
      className={`${ui.control} ${ui.mono}`}
      inputMode="numeric"
      aria-label={labelled ? undefined : label}
      value={roublesText(kopecks)}
      placeholder={emptyMeans}
      onChange={(event) => onChange(kopecksOf(event.target.value))}
    />
  );
  if (!labelled) return input({});
  return <Field label={`${label}, ₽`}>{(control) => input(control)}</Field>;
}

/** A typed percent («12,5»): the text stays as typed while it still means the held number. */
function percentOf(text: string): number {
  const parsed = Number.parseFloat(text.replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : 0;
}

function PercentInput({
  label,
  percent,
  onChange,
}: {
  label: string;
  percent: number;
  onChange: (percent: number) => void;
}) {
  const [text, setText] = useState<string | null>(null);
  const shown = text !== null && percentOf(text) === percent ? text : String(percent).replace('.', ',');
  return (
    <input
      className={`${ui.control} ${ui.mono}`}
      inputMode="decimal"
      aria-label={label}
      value={shown}
      onChange={(event) => {
        setText(event.target.value);
        onChange(percentOf(event.target.value));
      }}
    />
  );
}

function ZonesCard({ form }: { form: TariffsForm }) {
  const draft = useDraft(form);
  const edit = (changes: Partial<DeliveryTariffs>) => form.send({ type: 'form.edited', changes });
  return (
    <Card title="Доставка по зонам">
      <div className={styles.fieldGrid}>
        <RoublesInput
          label={DELIVERY_ZONE_LABELS.inside_kad}
          kopecks={draft.insideKad}
          onChange={(value) => edit({ insideKad: value ?? 0 })}
        />
        <RoublesInput
          label={DELIVERY_ZONE_LABELS.outside_kad}
          kopecks={draft.outsideKadBase}
          onChange={(value) => edit({ outsideKadBase: value ?? 0 })}
        />
        <RoublesInput
          label="За каждый км за КАД"
          kopecks={draft.outsideKadPerKm}
          onChange={(value) => edit({ outsideKadPerKm: value ?? 0 })}
        />
        <RoublesInput
          label="Бесплатная доставка от"
          kopecks={draft.freeDeliveryFrom}
          onChange={(value) => edit({ freeDeliveryFrom: value ?? 0 })}
        />
      </div>
    </Card>
  );
}

function ClassesCard({ form }: { form: TariffsForm }) {
  const draft = useDraft(form);
  const editClass = (id: ItemClass, changes: Partial<ClassTariff>) =>
    form.send({
      type: 'form.edited',
      changes: { classes: { ...draft.classes, [id]: { ...draft.classes[id], ...changes } } },
    });
  const editAssembly = (id: ItemClass, assembly: AssemblyPrice) => editClass(id, { assembly });
  return (
    <Card title="Подъём и сборка по классам товара">
      <p className={ui.muted}>
        Подъём по лестнице — за каждый этаж выше первого, за единицу товара. Пустой подъём на пассажирском
        лифте — товар в лифт не помещается и поднимается по лестнице. Сборка — цена за единицу или процент от
        цены товара.
      </p>
      <table className={ui.table} aria-label="Подъём и сборка по классам товара">
        <thead>
          <tr>
            <th scope="col">Класс товара</th>
            <th scope="col">Подъём по лестнице за этаж, ₽</th>
            <th scope="col">Подъём на пассажирском лифте, ₽</th>
            <th scope="col">{OPTIONAL_SERVICE_LABELS.assembly}</th>
          </tr>
        </thead>
        <tbody>
          {ITEM_CLASSES.map((id) => {
            const tariff = draft.classes[id];
            const name = ITEM_CLASS_LABELS[id];
            return (
              <tr key={id}>
                <th scope="row">{name}</th>
                <td>
                  <RoublesInput
                    labelled={false}
                    label={`${name}: подъём за этаж`}
                    kopecks={tariff.carryPerFloor}
                    onChange={(value) => editClass(id, { carryPerFloor: value ?? 0 })}
                  />
                </td>
                <td>
                  <RoublesInput
                    labelled={false}
                    label={`${name}: подъём на пассажирском лифте`}
                    kopecks={tariff.carryPassengerLift}
                    emptyMeans="не помещается"
                    onChange={(value) => editClass(id, { carryPassengerLift: value })}
                  />
                </td>
                <td>
                  <select
                    className={ui.control}
                    aria-label={`${name}: сборка считается`}
                    value={tariff.assembly.kind}
                    onChange={(event) =>
                      editAssembly(
                        id,
                        event.target.value === 'percent'
                          ? { kind: 'percent', percent: 0 }
                          : { kind: 'fixed', amount: 0 },
                      )
                    }
                  >
                    <option value="fixed">₽ за единицу</option>
                    <option value="percent">% от цены</option>
                  </select>
                  {tariff.assembly.kind === 'fixed' ? (
                    <RoublesInput
                      labelled={false}
                      label={`${name}: сборка, ₽`}
                      kopecks={tariff.assembly.amount}
                      onChange={(value) => editAssembly(id, { kind: 'fixed', amount: value ?? 0 })}
                    />
                  ) : (
                    <PercentInput
                      label={`${name}: сборка, %`}
                      percent={tariff.assembly.percent}
                      onChange={(percent) => editAssembly(id, { kind: 'percent', percent })}
                    />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}

function ServicesCard({ form }: { form: TariffsForm }) {
  const draft = useDraft(form);
  const edit = (changes: Partial<DeliveryTariffs>) => form.send({ type: 'form.edited', changes });
  return (
    <Card title="Другие услуги, за единицу товара">
      <div className={styles.fieldGrid}>
        <RoublesInput
          label="Подъём на грузовом лифте"
          kopecks={draft.freightLiftPerItem}
          onChange={(value) => edit({ freightLiftPerItem: value ?? 0 })}
        />
        <RoublesInput
          label={OPTIONAL_SERVICE_LABELS.dismantling}
          kopecks={draft.dismantlingPerItem}
          onChange={(value) => edit({ dismantlingPerItem: value ?? 0 })}
        />
        <RoublesInput
          label={OPTIONAL_SERVICE_LABELS.door_removal}
          kopecks={draft.doorRemoval}
          onChange={(value) => edit({ doorRemoval: value ?? 0 })}
        />
        <RoublesInput
          label={OPTIONAL_SERVICE_LABELS.old_furniture_removal}
          kopecks={draft.oldFurnitureRemovalPerItem}
          onChange={(value) => edit({ oldFurnitureRemovalPerItem: value ?? 0 })}
        />
      </div>
    </Card>
  );
}

/** /admin/tariffs: «Тарифы доставки и услуги» (issue 23, item 1), what the checkout's quote prices with. */
export function TariffsScreen() {
  const form: TariffsForm = useRecordFormMachine(tariffsFormMachine, { id: 'current', blank: BLANK_TARIFFS });
  const state = useSelector(form, (snapshot) => snapshot.value);
  const error = useSelector(form, (snapshot) => snapshot.context.error);
  return (
    <>
      <PageHeader title="Тарифы доставки и услуги" />
      <UnsavedChangesGuard form={form} />
      {state === 'loading' || state === 'starting' ? (
        <p className={ui.muted} role="status">
          Загружаем тарифы…
        </p>
      ) : state === 'loadFailed' ? (
        <ErrorPanel
          text={error ?? 'Не удалось загрузить тарифы'}
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
          <ZonesCard form={form} />
          <ClassesCard form={form} />
          <ServicesCard form={form} />
          <SaveBar form={form} />
        </form>
      )}
    </>
  );
}
