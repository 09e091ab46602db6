import { useEffect, useRef, useState } from 'react';
import {
  type SpeechSession,
  VOICE_SEARCH_UNSUPPORTED_MESSAGE,
} from '../../../application/ports/speech-recognition.port';
import { voiceSearch } from '../../../application/search/voice-search';
import { useUseCase } from '../../shell/shop-context';

/** Spec §8: the exact alert when the browser has no speech recognition (one text, the port's). */
export const VOICE_UNSUPPORTED_MESSAGE = VOICE_SEARCH_UNSUPPORTED_MESSAGE;

export interface VoiceSearch {
  readonly listening: boolean;
  /** Starts listening, or stops when already listening. */
  readonly toggle: () => void;
}

/**
 * Voice search (ru-RU, the `voiceSearch` use case): the final transcript is handed to `onResult`;
 * where the browser cannot recognise speech the spec's alert is shown. The session is stopped when
 * the view goes away.
 */
export function useVoiceSearch(
  onResult: (transcript: string) => void,
  alert: (message: string) => void = (message) => window.alert(message),
): VoiceSearch {
  const listen = useUseCase(voiceSearch);
  const [listening, setListening] = useState(false);
  const session = useRef<SpeechSession | null>(null);
  const latestResult = useRef(onResult);
  latestResult.current = onResult;
  useEffect(
    () => () => {
      if (session.current?.status === 'listening') session.current.stop();
    },
    [],
  );
  const toggle = () => {
    const active = session.current;
    if (active?.status === 'listening') {
      active.stop();
      session.current = null;
      setListening(false);
      return;
    }
    const started = listen({
      onTranscript: (transcript) => latestResult.current(transcript),
      onEnded: () => {
        session.current = null;
        setListening(false);
      },
    });
    if (started.status === 'unsupported') {
      alert(VOICE_UNSUPPORTED_MESSAGE);
      return;
    }
    session.current = started;
    setListening(true);
  };
  return { listening, toggle };
}
