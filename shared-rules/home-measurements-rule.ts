/**
 * What the shopper measured at home for «Поместится?» (issue 23, item 6; docs/delivery-dates.md): the
 * entrance door, the corridor, the lift cabin (or «нет лифта») and the floor, in whole centimetres.
 * Kept in the browser for a guest and in the account for a client; the browser form and the server's
 * 422 check the same limits here, so a value one side accepts the other keeps.
 */
export interface SavedHomeMeasurements {
  readonly doorWidthCm: number;
  /** Null: not measured (the rule takes a standard 200 cm door). */
  readonly doorHeightCm: number | null;
  readonly corridorWidthCm: number | null;
  /** Null: «нет лифта» (the box goes up the stairs). */
  readonly lift: {
    readonly widthCm: number;
    readonly depthCm: number;
    readonly heightCm: number;
  } | null;
  /** The floor the box is carried to; null when not given. */
  readonly floor: number | null;
}

export type HomeMeasurementField =
  | 'doorWidthCm'
  | 'doorHeightCm'
  | 'corridorWidthCm'
  | 'liftWidthCm'
  | 'liftDepthCm'
  | 'liftHeightCm'
  | 'floor';

/** The form's labels (one place: the panel, the errors and the server's message name them alike). */
export const HOME_MEASUREMENT_LABELS: Readonly<Record<HomeMeasurementField, string>> = {
  doorWidthCm: 'Ширина двери',
  doorHeightCm: 'Высота двери',
  corridorWidthCm: 'Ширина коридора',
  liftWidthCm: 'Ширина кабины лифта',
  liftDepthCm: 'Глубина кабины лифта',
  liftHeightCm: 'Высота кабины лифта',
  floor: 'Этаж',
};

/** Whole centimetres a real flat can have: a narrower door is a cupboard, a wider one a gate. */
const HOME_MEASUREMENT_LIMITS: Readonly<
  Record<HomeMeasurementField, { readonly min: number; readonly max: number }>
> = {
  doorWidthCm: { min: 40, max: 300 },
  doorHeightCm: { min: 150, max: 400 },
  corridorWidthCm: { min: 40, max: 1000 },
  liftWidthCm: { min: 50, max: 400 },
  liftDepthCm: { min: 50, max: 400 },
  liftHeightCm: { min: 150, max: 400 },
  floor: { min: 1, max: 99 },
};

export type HomeMeasurementProblems = Partial<Record<HomeMeasurementField, string>>;

/** Said of a value that is not a whole number (typed «восемьдесят», «80.5»). */
export function notWholeNumberProblem(field: HomeMeasurementField): string {
  return field === 'floor'
    ? 'Этаж — целое число.'
    : `${HOME_MEASUREMENT_LABELS[field]}: целое число сантиметров.`;
}

/** One field's problem (null: none); an empty field is not a problem here. */
export function homeMeasurementProblem(field: HomeMeasurementField, value: number | null): string | null {
  if (value === null) return null;
  const { min, max } = HOME_MEASUREMENT_LIMITS[field];
  const unit = field === 'floor' ? '' : ' см';
  if (!Number.isSafeInteger(value)) return notWholeNumberProblem(field);
  if (value < min || value > max) {
    return `${HOME_MEASUREMENT_LABELS[field]}: от ${min} до ${max}${unit}.`;
  }
  return null;
}

/** Each field's problem in Russian; an empty record when the measurements can be kept. */
export function homeMeasurementProblems(home: SavedHomeMeasurements): HomeMeasurementProblems {
  const problems: Record<string, string> = {};
  const values: readonly [HomeMeasurementField, number | null][] = [
    ['doorWidthCm', home.doorWidthCm],
    ['doorHeightCm', home.doorHeightCm],
    ['corridorWidthCm', home.corridorWidthCm],
    ['liftWidthCm', home.lift?.widthCm ?? null],
    ['liftDepthCm', home.lift?.depthCm ?? null],
    ['liftHeightCm', home.lift?.heightCm ?? null],
    ['floor', home.floor],
  ];
  for (const [field, value] of values) {
    const problem = homeMeasurementProblem(field, value);
    if (problem !== null) problems[field] = problem;
  }
  return problems;
}

/** The problems as one sentence list (the server's 422 message). */
export function homeMeasurementProblemsText(problems: HomeMeasurementProblems): string {
  return Object.values(problems).join(' ');
}
