import {
  SPEECH_LANGUAGE,
  type SpeechEvent,
  type SpeechRecognitionPort,
  type SpeechSession,
} from '../application/ports/speech-recognition.port';

/**
 * The parts of the Web Speech API this adapter uses. TypeScript's DOM library does not declare
 * SpeechRecognition (Chromium still ships it as webkitSpeechRecognition), so it is described here.
 */
interface RecognitionAlternative {
  readonly transcript: string;
}
interface RecognitionResult {
  readonly isFinal: boolean;
  readonly length: number;
  readonly [index: number]: RecognitionAlternative | undefined;
}
interface RecognitionResultEvent {
  readonly resultIndex: number;
  readonly results: { readonly length: number; readonly [index: number]: RecognitionResult | undefined };
}
export interface BrowserRecognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  maxAlternatives: number;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: { readonly error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
export type RecognitionConstructor = new () => BrowserRecognition;

/** What the adapter looks for on window: the standard name first, then Chromium's prefixed one. */
export interface SpeechGlobals {
  readonly SpeechRecognition?: RecognitionConstructor;
  readonly webkitSpeechRecognition?: RecognitionConstructor;
}

export class WebSpeechRecognitionAdapter implements SpeechRecognitionPort {
  private readonly Recognition: RecognitionConstructor | undefined;

  constructor(globals: SpeechGlobals | null) {
    this.Recognition = globals?.SpeechRecognition ?? globals?.webkitSpeechRecognition;
  }

  isSupported(): boolean {
    return this.Recognition !== undefined;
  }

  listen(onEvent: (event: SpeechEvent) => void): SpeechSession {
    if (this.Recognition === undefined) return { status: 'unsupported' };
    let recognition: BrowserRecognition;
    try {
      recognition = new this.Recognition();
    } catch {
      // Some browsers expose the constructor but refuse to build one (e.g. insecure context).
      return { status: 'unsupported' };
    }
    recognition.lang = SPEECH_LANGUAGE;
    recognition.interimResults = true;
    recognition.continuous = false;
    recognition.maxAlternatives = 1;
    recognition.onresult = (event) => {
      for (let index = event.resultIndex; index < event.results.length; index += 1) {
        const result = event.results[index];
        const transcript = result?.[0]?.transcript;
        if (result && typeof transcript === 'string') {
          onEvent({ type: 'speech.result', transcript, isFinal: result.isFinal });
        }
      }
    };
    recognition.onerror = (event) => onEvent({ type: 'speech.error', error: String(event.error) });
    recognition.onend = () => onEvent({ type: 'speech.ended' });
    try {
      recognition.start();
    } catch (error) {
      onEvent({ type: 'speech.error', error: error instanceof Error ? error.name : 'start-failed' });
      onEvent({ type: 'speech.ended' });
      return { status: 'listening', stop: () => undefined };
    }
    return { status: 'listening', stop: () => recognition.stop() };
  }
}
