import { Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../components/button';
import * as styles from './admin-ui.css';

/** Fewer letters than this find too much to choose from. */
const FINDER_MIN_LENGTH = 2;

/**
 * The search box of a picker inside a form (a product or a client for an order): Enter or the button
 * finds; not a <form>, because it sits inside the order's own form and forms do not nest. The typed
 * text is the view's; what is found and whether the search runs are the caller's machine's.
 */
export function FinderBox({
  label,
  placeholder,
  buttonLabel,
  busy,
  onFind,
}: {
  /** The box's accessible name. */
  readonly label: string;
  readonly placeholder: string;
  readonly buttonLabel: string;
  readonly busy: boolean;
  /** The trimmed text, at least two letters. */
  readonly onFind: (q: string) => void;
}) {
  const [q, setQ] = useState('');
  const ready = q.trim().length >= FINDER_MIN_LENGTH;
  const find = () => {
    if (ready) onFind(q.trim());
  };
  return (
    <div className={styles.row}>
      <input
        className={styles.control}
        style={{ flex: 1, minWidth: '180px' }}
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={q}
        onChange={(event) => setQ(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          find();
        }}
      />
      <Button size="s" variant="secondary" disabled={busy || !ready} onClick={find}>
        <Search width={16} height={16} aria-hidden="true" /> {buttonLabel}
      </Button>
    </div>
  );
}
