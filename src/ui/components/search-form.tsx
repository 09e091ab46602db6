import { Mic, Search } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { visuallyHidden } from '../theme/utilities.css';
import { IconButton } from './icon-button';
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
}

export function SearchForm({
  value,
  onValueChange,
  onSubmit,
  onVoiceSearch,
  listening = false,
}: SearchFormProps) {
  const id = useId();
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
      </form>
    </search>
  );
}
