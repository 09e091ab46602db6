import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef, useState } from 'react';
import {
  type SuggestionOption,
  searchSuggestions,
  suggestionOptions,
} from '../../application/machines/search-suggestions.machine';
import { normaliseSearchQuery } from '../../domain/search-query';
import type { SearchFormProps, SearchSuggestionsProps, SuggestionKey } from '../components/search-form';
import { useVoiceSearch } from '../routes/-components/voice-search';
import { useUseCase } from './shop-context';

const NOTHING_FOUND = 'Ничего не найдено';
const SUGGESTIONS_FAILED = 'Не удалось загрузить подсказки';

/** The suggestions of one search field, and what the field tells them. */
interface SearchSuggestionsBinding {
  readonly suggestions: SearchSuggestionsProps;
  /** The field's text changed. */
  readonly typed: (text: string) => void;
  /** The form was submitted (or a voice query searched for): the list closes. */
  readonly dismiss: () => void;
}

/**
 * Suggestions while typing (tracker issue 13) for a search field: the search-suggestions machine asks
 * the server after a pause in typing and the field works as an ARIA combobox over the answer. A
 * product or category opens its page; the corrected query goes to `searchFor`.
 */
export function useSearchSuggestions(searchFor: (query: string) => void): SearchSuggestionsBinding {
  const machine = useUseCase(searchSuggestions);
  const navigate = useNavigate();
  // The machine is made once; what it calls goes through this ref so it always sees the latest render.
  const open = useRef<(option: SuggestionOption) => void>(() => undefined);
  open.current = (option) => {
    if (option.kind === 'query') searchFor(option.query);
    else void navigate({ href: option.url });
  };
  const actor = useActorRef(
    machine.provide({ actions: { openSuggestion: (_, option) => open.current(option) } }),
  );
  // Narrow slices, each stable while unchanged: selecting the whole snapshot re-rendered the header
  // (and every page's shell) whenever the machine made a new one, starting with its start after
  // hydration (docs/performance.md «No re-render after ready»).
  // The latest list stays up while the next one is awaited (the machine's `active` state).
  const shown = useSelector(actor, (snapshot) =>
    snapshot.matches('active') ? snapshot.context.suggestions : null,
  );
  const highlighted = useSelector(actor, (snapshot) => snapshot.context.highlighted);
  const note = useSelector(actor, (snapshot) =>
    snapshot.matches('empty') ? NOTHING_FOUND : snapshot.matches('failed') ? SUGGESTIONS_FAILED : null,
  );
  const options = useMemo(() => (shown === null ? [] : suggestionOptions(shown)), [shown]);
  const showing = options.length > 0;
  const onKey = (key: SuggestionKey): boolean => {
    switch (key) {
      case 'ArrowDown':
        if (!showing) return false;
        actor.send({ type: 'suggestions.nextHighlighted' });
        return true;
      case 'ArrowUp':
        if (!showing) return false;
        actor.send({ type: 'suggestions.previousHighlighted' });
        return true;
      case 'Enter': {
        // With an option highlighted Enter opens it; otherwise the form submits the typed query.
        const taken = showing && highlighted >= 0;
        actor.send({ type: 'suggestions.enterPressed' });
        return taken;
      }
      case 'Escape':
        if (!showing) return false;
        actor.send({ type: 'suggestions.dismissed' });
        return true;
    }
  };
  return {
    suggestions: {
      open: showing,
      options,
      highlighted,
      note,
      onKey,
      onHighlight: (index) => actor.send({ type: 'suggestions.highlighted', index }),
      onChoose: (index) => actor.send({ type: 'suggestions.chosen', index }),
      onDismiss: () => actor.send({ type: 'suggestions.dismissed' }),
    },
    typed: (text) => actor.send({ type: 'suggestions.typed', text }),
    dismiss: () => actor.send({ type: 'suggestions.dismissed' }),
  };
}

/**
 * The header's search form (spec §2 "search form with voice search"), desktop and mobile: a query goes
 * to /search?q= through the router (no page reload), and the microphone (ru-RU) searches for what was
 * said, or shows the spec's alert where the browser cannot recognise speech. While the shopper types,
 * the field suggests products, categories and the corrected query (useSearchSuggestions).
 */
export function useHeaderSearch(alert?: (message: string) => void): SearchFormProps {
  const navigate = useNavigate();
  const [draft, setDraft] = useState('');
  const submit = (raw: string) => {
    const query = normaliseSearchQuery(raw);
    if (query.ok) void navigate({ to: '/search', search: { q: query.value } });
  };
  const { suggestions, typed, dismiss } = useSearchSuggestions((query) => {
    setDraft(query);
    submit(query);
  });
  const voice = useVoiceSearch((transcript) => {
    setDraft(transcript);
    dismiss();
    submit(transcript);
  }, alert);
  return {
    value: draft,
    onValueChange: (text) => {
      setDraft(text);
      typed(text);
    },
    onSubmit: (raw) => {
      dismiss();
      submit(raw);
    },
    onVoiceSearch: voice.toggle,
    listening: voice.listening,
    suggestions,
  };
}
