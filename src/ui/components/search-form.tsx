import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import type { SuggestionOption } from '../../application/machines/search-suggestions.machine';
import { formatPrice } from '../../domain/money';
import { visuallyHidden } from '../theme/utilities.css';
import { IconButton } from './icon-button';
import { Mic, Search } from './icons';
import * as styles from './search-form.css';

export interface SearchFormProps {
  /** Controlled query text; leave undefined for an uncontrolled field. */
  readonly value?: string;
  readonly onValueChange?: (value: string) => void;
  /**
   * Called with the raw query on submit (the route trims it and ignores a blank one, spec §5).
   * Without a handler the form still works as a plain GET to /search?q=…
   */
  readonly onSubmit?: (query: string) => void;
  /** Starts Russian voice search; the button is left out when voice search is not wired. */
  readonly onVoiceSearch?: () => void;
  /** True while the microphone is listening. */
  readonly listening?: boolean;
  /** Suggestions while typing; without them the field is a plain search box. */
  readonly suggestions?: SearchSuggestionsProps;
}

/** Keys the suggestions list answers to (WAI-ARIA combobox pattern). */
export type SuggestionKey = 'ArrowDown' | 'ArrowUp' | 'Enter' | 'Escape';

export interface SearchSuggestionsProps {
  /** The list has options to show. */
  readonly open: boolean;
  readonly options: readonly SuggestionOption[];
  /** Index of the highlighted option, −1 for none. */
  readonly highlighted: number;
  /** A line shown instead of the list (nothing found, failure), or null. */
  readonly note: string | null;
  /** Returns true when the key was taken (the field then does nothing else with it). */
  readonly onKey: (key: SuggestionKey) => boolean;
  readonly onHighlight: (index: number) => void;
  readonly onChoose: (index: number) => void;
  readonly onDismiss: () => void;
}

const SUGGESTION_KEYS: readonly string[] = ['ArrowDown', 'ArrowUp', 'Enter', 'Escape'];
const isSuggestionKey = (key: string): key is SuggestionKey => SUGGESTION_KEYS.includes(key);

function OptionContent({ option }: { readonly option: SuggestionOption }) {
  switch (option.kind) {
    case 'query':
      return (
        <span className={styles.optionName}>
          Возможно, вы искали: <strong>{option.query}</strong>
        </span>
      );
    case 'product':
      return (
        <>
          {option.thumbUrl ? (
            <img
              className={styles.thumb}
              src={option.thumbUrl}
              alt=""
              width={40}
              height={40}
              loading="lazy"
            />
          ) : (
            <span className={styles.thumb} aria-hidden="true" />
          )}
          <span className={styles.optionName}>{option.name}</span>
          <span className={styles.optionPrice}>{formatPrice(option.price)}</span>
        </>
      );
    case 'category':
      return (
        <>
          <span className={styles.optionName}>{option.name}</span>
          <span className={styles.optionMeta}>Категория</span>
        </>
      );
  }
}

export function SearchForm({
  value,
  onValueChange,
  onSubmit,
  onVoiceSearch,
  listening = false,
  suggestions,
}: SearchFormProps) {
  const id = useId();
  const listId = `${id}-suggestions`;
  // The header draws this form twice (desktop and mobile); only the focused one shows the list.
  const [focused, setFocused] = useState(false);
  const expanded = suggestions !== undefined && focused && suggestions.open;
  const optionId = (index: number) => `${listId}-${index}`;
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (suggestions && isSuggestionKey(event.key) && suggestions.onKey(event.key)) event.preventDefault();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!onSubmit) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const query = data.get('q');
    onSubmit(typeof query === 'string' ? query : '');
  };
  return (
    <search className={styles.wrapper}>
      <form action="/search" method="get" className={styles.form} onSubmit={submit}>
        <label htmlFor={id} className={visuallyHidden}>
          Поиск по каталогу
        </label>
        <input
          id={id}
          name="q"
          type="search"
          className={styles.input}
          placeholder="Найти диван, лампу, вазу…"
          autoComplete="off"
          enterKeyHint="search"
          required
          // A query of spaces only is not a query (spec §5 "a trimmed non-empty query").
          pattern=".*\S.*"
          value={value}
          onChange={onValueChange ? (event) => onValueChange(event.currentTarget.value) : undefined}
          {...(suggestions && {
            role: 'combobox',
            'aria-autocomplete': 'list' as const,
            'aria-expanded': expanded,
            'aria-controls': listId,
            'aria-activedescendant':
              expanded && suggestions.highlighted >= 0 ? optionId(suggestions.highlighted) : undefined,
            onKeyDown: keyDown,
            onFocus: () => setFocused(true),
            onBlur: () => {
              setFocused(false);
              suggestions.onDismiss();
            },
          })}
        />
        {onVoiceSearch && (
          <IconButton
            size="s"
            aria-label={listening ? 'Остановить голосовой поиск' : 'Голосовой поиск'}
            aria-pressed={listening}
            icon={<Mic size={18} aria-hidden="true" />}
            onClick={onVoiceSearch}
          />
        )}
        <IconButton
          type="submit"
          tone="inverse"
          size="s"
          className={styles.submit}
          aria-label="Найти"
          icon={<Search size={18} aria-hidden="true" />}
        />
        {suggestions && (
          <div className={styles.popup} hidden={!expanded && !(focused && suggestions.note)}>
            <div id={listId} role="listbox" aria-label="Подсказки поиска" className={styles.listbox}>
              {expanded &&
                suggestions.options.map((option, index) => (
                  // Options are reached from the field (aria-activedescendant), not by Tab; a press
                  // keeps the focus in the field so the click lands before the list closes.
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard drives them from the field
                  <div
                    key={`${option.kind}:${option.kind === 'query' ? option.query : option.url}`}
                    id={optionId(index)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={index === suggestions.highlighted}
                    className={styles.option}
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => {
                      if (index !== suggestions.highlighted) suggestions.onHighlight(index);
                    }}
                    onClick={() => suggestions.onChoose(index)}
                  >
                    <OptionContent option={option} />
                  </div>
                ))}
            </div>
            {focused && suggestions.note && <p className={styles.note}>{suggestions.note}</p>}
          </div>
        )}
        {suggestions && (
          // A live region (not role=status, which the page keeps for its own messages) announces the count.
          <span className={visuallyHidden} aria-live="polite">
            {expanded ? `Подсказок: ${suggestions.options.length}` : focused ? (suggestions.note ?? '') : ''}
          </span>
        )}
      </form>
    </search>
  );
}
