import type { FormEvent } from 'react';
import { SPEC_LABELS } from '../../../../shared-rules/product-spec-rule';
import type { FacetValue, NumericRange, ProductFacets } from '../../../application/ports/catalogue.port';
import {
  type CategorySearch,
  hasFilters,
  type ListKey,
  RANGE_KEYS,
  type RangeKey,
  toggleListValue,
  withoutFilters,
  withRange,
} from '../../../application/queries/category-search';
import { isProductBadge } from '../../../domain/product';
import { BADGE_LABELS } from '../../../domain/product-presentation';
import { Button } from '../../components/button';
import { visuallyHidden } from '../../theme/utilities.css';
import * as styles from './category-filters.css';

export const RANGE_LABELS: Readonly<Record<RangeKey, string>> = {
  price: 'Цена, ₽',
  width: 'Ширина, см',
  depth: 'Глубина, см',
  height: 'Высота, см',
};

export const LIST_LABELS: Readonly<Record<ListKey, string>> = {
  material: SPEC_LABELS.MATERIAL,
  color: SPEC_LABELS.COLOR,
  style: SPEC_LABELS.STYLE,
  badge: 'Наличие и акции',
};

export interface CategoryFiltersProps {
  readonly facets: ProductFacets;
  readonly search: CategorySearch;
  /** Every change goes to the URL; the route navigates. */
  readonly onChange: (next: CategorySearch) => void;
  readonly id?: string;
  readonly className?: string;
}

function optionLabel(key: ListKey, value: string): string {
  return key === 'badge' && isProductBadge(value) ? BADGE_LABELS[value] : value;
}

function readNumber(data: FormData, name: string): number | undefined {
  const raw = data.get(name);
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  const value = Number(raw.replace(',', '.').replace(/\s/g, ''));
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** Facet values of the category with their counts; the selected ones stay listed even at zero. */
function listOptions(facet: readonly FacetValue[], selected: readonly string[]): readonly FacetValue[] {
  const known = new Set(facet.map((item) => item.value));
  return [...facet, ...selected.filter((value) => !known.has(value)).map((value) => ({ value, count: 0 }))];
}

function hasRange(range: NumericRange): boolean {
  return range.min !== null && range.max !== null && range.max > range.min;
}

/**
 * The filter panel of a category (spec §2): price and size ranges, material, colour, style and
 * badge with the category's facet counts. Checkboxes apply at once; ranges apply with 'Применить'.
 */
export function CategoryFilters({ facets, search, onChange, id, className }: CategoryFiltersProps) {
  const ranges = RANGE_KEYS.filter(
    (key) =>
      hasRange(facets[key]) || search[`${key}_min`] !== undefined || search[`${key}_max`] !== undefined,
  );
  const lists = (['material', 'color', 'style', 'badge'] as const).filter(
    (key) => facets[key].length > 0 || (search[key]?.length ?? 0) > 0,
  );
  const applyRanges = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    let next = search;
    for (const key of ranges)
      next = withRange(next, key, readNumber(data, `${key}_min`), readNumber(data, `${key}_max`));
    onChange(next);
  };
  // The inputs are uncontrolled; keying the form on the applied ranges resets them after navigation.
  const rangeKey = ranges
    .map((key) => `${search[`${key}_min`] ?? ''}-${search[`${key}_max`] ?? ''}`)
    .join('|');
  return (
    <form
      id={id}
      key={rangeKey}
      className={[styles.panel, className ?? ''].join(' ')}
      aria-label="Фильтры"
      onSubmit={applyRanges}
    >
      {ranges.map((key) => {
        const range = facets[key];
        return (
          <fieldset key={key} className={styles.group}>
            <legend className={styles.legend}>{RANGE_LABELS[key]}</legend>
            <div className={styles.rangeRow}>
              <label className={styles.rangeLabel}>
                от
                <input
                  className={styles.input}
                  name={`${key}_min`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  placeholder={range.min === null ? '' : String(Math.floor(range.min))}
                  defaultValue={search[`${key}_min`] ?? ''}
                  aria-label={`${RANGE_LABELS[key]} от`}
                />
              </label>
              <label className={styles.rangeLabel}>
                до
                <input
                  className={styles.input}
                  name={`${key}_max`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  placeholder={range.max === null ? '' : String(Math.ceil(range.max))}
                  defaultValue={search[`${key}_max`] ?? ''}
                  aria-label={`${RANGE_LABELS[key]} до`}
                />
              </label>
            </div>
          </fieldset>
        );
      })}
      {ranges.length > 0 && (
        <Button type="submit" variant="secondary" size="s">
          Применить
        </Button>
      )}
      {lists.map((key) => {
        const selected: readonly string[] = search[key] ?? [];
        return (
          <fieldset key={key} className={styles.group}>
            <legend className={styles.legend}>{LIST_LABELS[key]}</legend>
            {listOptions(facets[key], selected).map((option) => (
              <label key={option.value} className={styles.option}>
                <input
                  type="checkbox"
                  className={styles.checkbox}
                  checked={selected.includes(option.value)}
                  onChange={() => onChange(toggleListValue(search, key, option.value))}
                />
                <span>{optionLabel(key, option.value)}</span>
                <span className={styles.optionCount} aria-hidden="true">
                  {option.count}
                </span>
                <span className={visuallyHidden}>{`, ${option.count} шт.`}</span>
              </label>
            ))}
          </fieldset>
        );
      })}
      {hasFilters(search) && (
        <div className={styles.actions}>
          <Button variant="ghost" size="s" onClick={() => onChange(withoutFilters(search))}>
            Сбросить фильтры
          </Button>
        </div>
      )}
    </form>
  );
}
