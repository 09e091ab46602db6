import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import { normaliseSearchQuery } from '../../domain/search-query';
import type { SearchFormProps } from '../components/search-form';
import { useVoiceSearch } from '../routes/-components/voice-search';

/**
 * The header's search form (spec §2 "search form with voice search"), desktop and mobile: a query goes
 * to /search?q= through the router (no page reload), and the microphone (ru-RU) searches for what was
 * said, or shows the spec's alert where the browser cannot recognise speech.
 */
export function useHeaderSearch(alert?: (message: string) => void): SearchFormProps {
  const speech = useRouteContext({ from: '__root__', select: (context) => context.services.speech });
  const navigate = useNavigate();
  const [draft, setDraft] = useState('');
  const submit = (raw: string) => {
    const query = normaliseSearchQuery(raw);
    if (query.ok) void navigate({ to: '/search', search: { q: query.value } });
  };
  const voice = useVoiceSearch(
    speech,
    (transcript) => {
      setDraft(transcript);
      submit(transcript);
    },
    alert,
  );
  return {
    value: draft,
    onValueChange: setDraft,
    onSubmit: submit,
    onVoiceSearch: voice.toggle,
    listening: voice.listening,
  };
}
