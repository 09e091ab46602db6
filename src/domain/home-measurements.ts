import {
  HOME_MEASUREMENT_LABELS,
  type HomeMeasurementField,
  type HomeMeasurementProblems,
  homeMeasurementProblem,
  homeMeasurementProblems,
  notWholeNumberProblem,
  type SavedHomeMeasurements,
} from '../../shared-rules/home-measurements-rule';

/**
 * The «Поместится?» form (issue 23, item 6): what the shopper types, in text, and the measurements
 * it stands for. The limits are shared-rules/home-measurements-rule.ts (the server refuses the same).
 */

export interface HomeMeasurementsDraft {
  readonly values: Readonly<Record<HomeMeasurementField, string>>;
  /** False: «нет лифта» (the cabin fields are not asked). */
  readonly hasLift: boolean;
}

const EMPTY_VALUES: Readonly<Record<HomeMeasurementField, string>> = {
  doorWidthCm: '',
  doorHeightCm: '',
  corridorWidthCm: '',
  liftWidthCm: '',
  liftDepthCm: '',
  liftHeightCm: '',
  floor: '',
};

const text = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

/** The form filled with what was kept (an empty form with a lift when nothing was). */
export function draftOf(saved: SavedHomeMeasurements | null): HomeMeasurementsDraft {
  if (saved === null) return { values: EMPTY_VALUES, hasLift: true };
  return {
    values: {
      doorWidthCm: text(saved.doorWidthCm),
      doorHeightCm: text(saved.doorHeightCm),
      corridorWidthCm: text(saved.corridorWidthCm),
      liftWidthCm: text(saved.lift?.widthCm),
      liftDepthCm: text(saved.lift?.depthCm),
      liftHeightCm: text(saved.lift?.heightCm),
      floor: text(saved.floor),
    },
    hasLift: saved.lift !== null,
  };
}

type Parsed = { readonly ok: true; readonly value: number | null } | { readonly ok: false };

/** «80», « 80 », «80,0» → 80; «» → null; anything else is not a whole number. */
function wholeNumber(typed: string): Parsed {
  const trimmed = typed
    .trim()
    .replace(/\s+/g, '')
    .replace(/[.,]0+$/, '');
  if (trimmed === '') return { ok: true, value: null };
  if (!/^\d{1,5}$/.test(trimmed)) return { ok: false };
  return { ok: true, value: Number(trimmed) };
}

export type DraftCheck =
  | { readonly ok: true; readonly value: SavedHomeMeasurements }
  | { readonly ok: false; readonly problems: HomeMeasurementProblems };

const REQUIRED_WITH_LIFT: readonly HomeMeasurementField[] = ['liftWidthCm', 'liftDepthCm', 'liftHeightCm'];

/** The measurements the form stands for, or each field's problem in Russian. */
export function checkDraft(draft: HomeMeasurementsDraft): DraftCheck {
  const problems: Partial<Record<HomeMeasurementField, string>> = {};
  const numbers: Partial<Record<HomeMeasurementField, number | null>> = {};
  for (const field of Object.keys(EMPTY_VALUES) as HomeMeasurementField[]) {
    if (!draft.hasLift && REQUIRED_WITH_LIFT.includes(field)) continue;
    const parsed = wholeNumber(draft.values[field]);
    if (!parsed.ok) {
      problems[field] = notWholeNumberProblem(field);
      continue;
    }
    numbers[field] = parsed.value;
    const limit = homeMeasurementProblem(field, parsed.value);
    if (limit !== null) problems[field] = limit;
  }
  const required = ['doorWidthCm', ...(draft.hasLift ? REQUIRED_WITH_LIFT : [])] as const;
  for (const field of required) {
    if (problems[field] === undefined && (numbers[field] ?? null) === null) {
      problems[field] = `Укажите: ${HOME_MEASUREMENT_LABELS[field].toLowerCase()}.`;
    }
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  const value: SavedHomeMeasurements = {
    doorWidthCm: numbers.doorWidthCm ?? 0,
    doorHeightCm: numbers.doorHeightCm ?? null,
    corridorWidthCm: numbers.corridorWidthCm ?? null,
    lift: draft.hasLift
      ? {
          widthCm: numbers.liftWidthCm ?? 0,
          depthCm: numbers.liftDepthCm ?? 0,
          heightCm: numbers.liftHeightCm ?? 0,
        }
      : null,
    floor: numbers.floor ?? null,
  };
  return { ok: true, value };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const intOrNull = (value: unknown): number | null | undefined =>
  value === null ? null : typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;

/**
 * What browser storage holds, validated when read (like the cart's decoder): anything that is not
 * whole measurements within the limits reads as nothing kept.
 */
export function parseStoredHomeMeasurements(stored: unknown): SavedHomeMeasurements | null {
  if (!isRecord(stored)) return null;
  const doorWidthCm = intOrNull(stored.doorWidthCm);
  const doorHeightCm = intOrNull(stored.doorHeightCm);
  const corridorWidthCm = intOrNull(stored.corridorWidthCm);
  const floor = intOrNull(stored.floor);
  if (
    doorWidthCm === undefined ||
    doorWidthCm === null ||
    doorHeightCm === undefined ||
    corridorWidthCm === undefined ||
    floor === undefined
  ) {
    return null;
  }
  let lift: SavedHomeMeasurements['lift'] = null;
  if (stored.lift !== null) {
    if (!isRecord(stored.lift)) return null;
    const widthCm = intOrNull(stored.lift.widthCm);
    const depthCm = intOrNull(stored.lift.depthCm);
    const heightCm = intOrNull(stored.lift.heightCm);
    if (typeof widthCm !== 'number' || typeof depthCm !== 'number' || typeof heightCm !== 'number')
      return null;
    lift = { widthCm, depthCm, heightCm };
  }
  const value: SavedHomeMeasurements = { doorWidthCm, doorHeightCm, corridorWidthCm, lift, floor };
  return Object.keys(homeMeasurementProblems(value)).length === 0 ? value : null;
}
