import { SPEECH_RECOGNITION_PORT, type SpeechSession } from '../ports/speech-recognition.port';
import { defineUseCase } from '../use-case';

/** What a voice search tells the search field. */
export interface VoiceSearchListener {
  /** The shopper finished a phrase: its final, trimmed transcript (never empty). */
  readonly onTranscript: (transcript: string) => void;
  /** Listening stopped (silence, an error, or the browser ended it). */
  readonly onEnded: () => void;
}

/**
 * Russian voice search (spec §1): listens through this page's speech recognition and hands on only
 * final, non-empty phrases. `unsupported` where the browser cannot recognise speech (the view shows
 * the spec's alert, §8).
 */
export const voiceSearch = defineUseCase(
  'search.voice',
  { speech: SPEECH_RECOGNITION_PORT },
  ({ speech }) =>
    (listener: VoiceSearchListener): SpeechSession => {
      if (!speech.isSupported()) return { status: 'unsupported' };
      return speech.listen((event) => {
        if (event.type === 'speech.result' && event.isFinal && event.transcript.trim() !== '')
          listener.onTranscript(event.transcript.trim());
        if (event.type === 'speech.ended' || event.type === 'speech.error') listener.onEnded();
      });
    },
);
