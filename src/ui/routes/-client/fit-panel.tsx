import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useId } from 'react';
import {
  HOME_MEASUREMENT_LABELS,
  type HomeMeasurementField,
  type SavedHomeMeasurements,
} from '../../../../shared-rules/home-measurements-rule';
import { LIFT_LABELS } from '../../../../shared-rules/order-options-rule';
import { homeMeasurementsPanel } from '../../../application/machines/home-measurements.use-case';
import {
  FIT_OUTCOME_TEXT,
  type FitVerdict,
  fitVerdictsOfLines,
  isLargeItem,
  type PackedItem,
} from '../../../domain/fit-verdicts';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { useUseCase } from '../../shell/shop-context';
import * as layout from './client.css';
import * as styles from './fit-panel.css';
import { useAuthView } from './shop-hooks';

/** A large item the panel speaks about (its packed box known). */
export interface FitItem {
  readonly productId: number;
  readonly name: string;
  readonly item: PackedItem & { readonly packed: NonNullable<PackedItem['packed']> };
}

const FIT_PANEL_TITLE = 'Поместится?';

/**
 * «Поместится?» (issue 23, item 6): the shopper's door, corridor and lift, entered once and kept (in
 * the browser for a guest, in the account for a client), and for each large item whether its packed
 * box passes, and why. The product page shows it for its product, the cart for its large lines.
 * Drawn once the shop knows who is signed in; a new identity starts a new panel (its own kept sizes).
 */
export function FitPanel({ items, showNames }: { items: readonly FitItem[]; showNames: boolean }) {
  const auth = useAuthView();
  if (items.length === 0 || auth.status === 'checking') return null;
  const clientId = auth.status === 'client' ? auth.identity.clientId : null;
  return (
    <FitPanelForIdentity key={clientId ?? 'guest'} clientId={clientId} items={items} showNames={showNames} />
  );
}

function FitPanelForIdentity({
  clientId,
  items,
  showNames,
}: {
  clientId: number | null;
  items: readonly FitItem[];
  showNames: boolean;
}) {
  const machine = useUseCase(homeMeasurementsPanel);
  const actor = useActorRef(machine, { input: { clientId } });
  const state = useSelector(actor, (snapshot) => snapshot);
  const headingId = useId();
  const saved = state.context.saved;
  return (
    <section className={styles.panel} aria-labelledby={headingId} data-testid="fit-panel">
      <h2 id={headingId} className={styles.heading}>
        {FIT_PANEL_TITLE}
      </h2>
      {state.matches('loading') && <p className={layout.muted}>Загружаем размеры…</p>}
      {state.matches('showing') && saved !== null && (
        <>
          <p className={layout.muted}>{measurementsText(saved)}</p>
          <ul className={layout.stack} aria-label="Пройдёт ли упаковка">
            {fitVerdictsOfLines(items, saved).map((line) => (
              <li key={line.productId}>
                <VerdictView name={showNames ? line.name : null} verdict={line.verdict} />
              </li>
            ))}
          </ul>
          <div>
            <Button type="button" variant="secondary" onClick={() => actor.send({ type: 'edit' })}>
              Изменить размеры
            </Button>
          </div>
        </>
      )}
      {(state.matches('editing') || state.matches('saving')) && (
        <MeasurementsForm
          draft={state.context.draft}
          problems={state.context.problems}
          saveError={state.context.saveError}
          saving={state.matches('saving')}
          canCancel={saved !== null}
          onChange={(field, value) => actor.send({ type: 'change', field, value })}
          onLift={(hasLift) => actor.send({ type: 'liftChosen', hasLift })}
          onSave={() => actor.send({ type: 'save' })}
          onCancel={() => actor.send({ type: 'cancel' })}
        />
      )}
    </section>
  );
}

function VerdictView({ name, verdict }: { name: string | null; verdict: FitVerdict }) {
  return (
    <div data-testid="fit-verdict">
      <p className={styles.outcome}>
        {name === null
          ? FIT_OUTCOME_TEXT[verdict.outcome]
          : `${name}: ${FIT_OUTCOME_TEXT[verdict.outcome].toLowerCase()}`}
      </p>
      <ul className={styles.statements}>
        {verdict.statements.map((statement) => (
          <li key={statement.check} className={statement.ok ? undefined : styles.refused}>
            {statement.text}
          </li>
        ))}
      </ul>
    </div>
  );
}

const cm = (value: number): string => `${value} см`;

/** «Дверь 80 см, коридор 95 см, лифт 100 × 210 × 200 см, этаж 7». */
function measurementsText(home: SavedHomeMeasurements): string {
  const parts = [
    `Дверь ${home.doorHeightCm === null ? cm(home.doorWidthCm) : `${home.doorWidthCm} × ${cm(home.doorHeightCm)}`}`,
  ];
  if (home.corridorWidthCm !== null) parts.push(`коридор ${cm(home.corridorWidthCm)}`);
  parts.push(
    home.lift === null
      ? LIFT_LABELS.none.toLowerCase()
      : `лифт ${home.lift.widthCm} × ${home.lift.depthCm} × ${cm(home.lift.heightCm)}`,
  );
  if (home.floor !== null) parts.push(`этаж ${home.floor}`);
  return `Ваши размеры: ${parts.join(', ')}.`;
}

const DOOR_FIELDS: readonly HomeMeasurementField[] = [
  'doorWidthCm',
  'doorHeightCm',
  'corridorWidthCm',
  'floor',
];
const LIFT_FIELDS: readonly HomeMeasurementField[] = ['liftWidthCm', 'liftDepthCm', 'liftHeightCm'];

const fieldLabel = (field: HomeMeasurementField): string =>
  field === 'floor' ? HOME_MEASUREMENT_LABELS.floor : `${HOME_MEASUREMENT_LABELS[field]}, см`;

const FIELD_HINTS: Partial<Record<HomeMeasurementField, string>> = {
  doorWidthCm: 'Самая узкая дверь на пути: подъезда, квартиры или комнаты.',
  doorHeightCm: 'Если не измеряли, считаем 200 см.',
};

function MeasurementsForm({
  draft,
  problems,
  saveError,
  saving,
  canCancel,
  onChange,
  onLift,
  onSave,
  onCancel,
}: {
  draft: { readonly values: Readonly<Record<HomeMeasurementField, string>>; readonly hasLift: boolean };
  problems: Partial<Record<HomeMeasurementField, string>>;
  saveError: string | null;
  saving: boolean;
  canCancel: boolean;
  onChange: (field: HomeMeasurementField, value: string) => void;
  onLift: (hasLift: boolean) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const liftName = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  const field = (name: HomeMeasurementField) => (
    <TextField
      key={name}
      label={fieldLabel(name)}
      inputMode="numeric"
      autoComplete="off"
      value={draft.values[name]}
      required={name === 'doorWidthCm' || LIFT_FIELDS.includes(name)}
      hint={FIELD_HINTS[name]}
      error={problems[name] ?? null}
      onChange={(event) => onChange(name, event.currentTarget.value)}
    />
  );
  return (
    <form className={layout.stack} onSubmit={submit} noValidate aria-busy={saving || undefined}>
      <p className={layout.muted}>Измерьте один раз — мы запомним и проверим каждый крупный товар.</p>
      <fieldset className={layout.fieldset}>
        <legend className={layout.legend}>Дверь и коридор</legend>
        <div className={layout.fieldGrid}>{DOOR_FIELDS.map(field)}</div>
      </fieldset>
      <fieldset className={layout.fieldset}>
        <legend className={layout.legend}>Лифт</legend>
        <div className={layout.row}>
          <label>
            <input type="radio" name={liftName} checked={draft.hasLift} onChange={() => onLift(true)} /> Есть
            лифт
          </label>
          <label>
            <input type="radio" name={liftName} checked={!draft.hasLift} onChange={() => onLift(false)} />{' '}
            {LIFT_LABELS.none}
          </label>
        </div>
        {draft.hasLift && <div className={layout.fieldGrid}>{LIFT_FIELDS.map(field)}</div>}
      </fieldset>
      {saveError !== null && (
        <p role="alert" className={styles.refused}>
          {saveError}
        </p>
      )}
      <div className={layout.row}>
        <Button type="submit" disabled={saving}>
          {saving ? 'Сохраняем…' : 'Сохранить размеры'}
        </Button>
        {canCancel && (
          <Button type="button" variant="secondary" onClick={onCancel} disabled={saving}>
            Отмена
          </Button>
        )}
      </div>
    </form>
  );
}

/** The product page's «Поместится?»: only for a large item with its packed box known. */
export function ProductFitPanel({
  productId,
  name,
  item,
}: {
  productId: number;
  name: string;
  item: PackedItem | null;
}) {
  if (item === null || !isLargeItem(item)) return null;
  return <FitPanel items={[{ productId, name, item }]} showNames={false} />;
}
