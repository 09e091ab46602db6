import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * Russian voice search (spec §1; §8 "Voice search unsupported: alert 'Ваш браузер не поддерживает
 * голосовой поиск'"). The UI shows that text when `listen` answers `unsupported`.
 */
/** Spec §8: the alert shown when the browser has no speech recognition. */
export const VOICE_SEARCH_UNSUPPORTED_MESSAGE = 'Ваш браузер не поддерживает голосовой поиск';

/** Spec §1: voice search is Russian. */
export const SPEECH_LANGUAGE = 'ru-RU';

export type SpeechEvent =
  | { readonly type: 'speech.result'; readonly transcript: string; readonly isFinal: boolean }
  | { readonly type: 'speech.error'; readonly error: string }
  | { readonly type: 'speech.ended' };

export type SpeechSession =
  | { readonly status: 'unsupported' }
  | { readonly status: 'listening'; readonly stop: () => void };

export interface SpeechRecognitionPort {
  isSupported(): boolean;
  /** Starts listening in ru-RU; events arrive until 'speech.ended'. */
  listen(onEvent: (event: SpeechEvent) => void): SpeechSession;
}

export const SPEECH_RECOGNITION_PORT: PortToken<SpeechRecognitionPort> =
  portToken<SpeechRecognitionPort>('SpeechRecognitionPort');
