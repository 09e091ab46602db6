import { Link } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Button, buttonClassName } from '../components/button';
import { Field } from './admin-ui';
import * as styles from './admin-ui.css';

/** The back-office lists whose filters live in their address. */
type FilteredList = '/admin/orders' | '/admin/client-requests' | '/admin/audit';

/**
 * The filter frame of a back-office list: the search box, «Фильтры (N)» (phones show the search alone
 * until it is opened), the list's own filters, «Найти» and «Сбросить (N)». The typed search is kept
 * here until «Найти»; a navigation (a view, the back button) brings its own text.
 */
export function ListFilterFrame({
  list,
  label,
  placeholder,
  q,
  count,
  onSearch,
  children,
}: {
  readonly list: FilteredList;
  /** The form's accessible name («Фильтры заказов»). */
  readonly label: string;
  readonly placeholder: string;
  /** The search as the address has it. */
  readonly q: string | undefined;
  /** How many filters are set (the address's parameters but the page). */
  readonly count: number;
  /** «Найти»: the typed search, trimmed; undefined when blank. */
  readonly onSearch: (q: string | undefined) => void;
  readonly children: ReactNode;
}) {
  const [text, setText] = useState(q ?? '');
  useEffect(() => setText(q ?? ''), [q]);
  const [expanded, setExpanded] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim() || undefined);
  };
  return (
    <form className={styles.filterBar} onSubmit={submit} aria-label={label} data-expanded={expanded}>
      <Field label="Поиск" className={styles.filterSearch}>
        {(control) => (
          <input
            {...control}
            type="search"
            className={styles.control}
            placeholder={placeholder}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </Field>
      <button
        type="button"
        className={`${styles.chip} ${styles.filterToggle}`}
        aria-expanded={expanded}
        onClick={() => setExpanded(!expanded)}
      >
        Фильтры{count > 0 ? ` (${count})` : ''}
      </button>
      <div className={styles.filterMore}>{children}</div>
      <div className={styles.row}>
        <Button type="submit" size="s">
          Найти
        </Button>
        {count > 0 && (
          <Link to={list} search={{}} className={buttonClassName({ variant: 'ghost', size: 's' })}>
            Сбросить ({count})
          </Link>
        )}
      </div>
    </form>
  );
}

/** «С даты» / «По дату» of a list's filters: a change applies at once (the address takes it). */
export function DateRangeFields({
  from,
  to,
  onChange,
}: {
  readonly from: string | undefined;
  readonly to: string | undefined;
  readonly onChange: (range: { from: string | undefined; to: string | undefined }) => void;
}) {
  return (
    <>
      <Field label="С даты">
        {(control) => (
          <input
            {...control}
            type="date"
            className={styles.control}
            value={from ?? ''}
            onChange={(event) => onChange({ from: event.target.value || undefined, to })}
          />
        )}
      </Field>
      <Field label="По дату">
        {(control) => (
          <input
            {...control}
            type="date"
            className={styles.control}
            value={to ?? ''}
            onChange={(event) => onChange({ from, to: event.target.value || undefined })}
          />
        )}
      </Field>
    </>
  );
}
