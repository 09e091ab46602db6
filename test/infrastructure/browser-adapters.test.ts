import { describe, expect, it } from 'vitest';
import {
  type SpeechEvent,
  VOICE_SEARCH_UNSUPPORTED_MESSAGE,
} from '../../src/application/ports/speech-recognition.port';
import {
  BrowserNavigationAdapter,
  type PageLocation,
} from '../../src/infrastructure/browser-navigation.adapter';
import { ConsoleLogger } from '../../src/infrastructure/console-logger.adapter';
import {
  DocumentCartCookieAdapter,
  DocumentCookiesAdapter,
  RequestCartCookieAdapter,
} from '../../src/infrastructure/document-cookies.adapter';
import { inspectorRequested, loadMachineInspector } from '../../src/infrastructure/machine-inspector';
import { type ToastApi, ToastifyNotifierAdapter } from '../../src/infrastructure/toastify-notifier.adapter';
import {
  type BrowserRecognition,
  type RecognitionConstructor,
  WebSpeechRecognitionAdapter,
} from '../../src/infrastructure/web-speech-recognition.adapter';
import { FakeCookieJar } from './fake-cookie-jar';
import { RecordingLogger } from './recording-logger';

describe('DocumentCookiesAdapter', () => {
  it('writes geoCity encoded, for 24 hours, on the whole site, SameSite=Lax', () => {
    const jar = new FakeCookieJar();
    const cookies = new DocumentCookiesAdapter(jar);

    cookies.set('geoCity', 'Санкт-Петербург');
    cookies.set('geoConfirmed', 'true');

    expect(jar.writes).toEqual([
      `geoCity=${encodeURIComponent('Санкт-Петербург')}; max-age=86400; path=/; SameSite=Lax`,
      'geoConfirmed=true; max-age=86400; path=/; SameSite=Lax',
    ]);
    expect(cookies.get('geoCity')).toBe('Санкт-Петербург');
    expect(cookies.get('geoConfirmed')).toBe('true');
  });

  it('reads among other cookies and ignores names that only end the same way', () => {
    const jar = { cookie: 'xgeoCity=Москва; session=abc; geoCity=%D0%9A%D0%B0%D0%B7%D0%B0%D0%BD%D1%8C' };
    expect(new DocumentCookiesAdapter(jar).get('geoCity')).toBe('Казань');
  });

  it.each([
    ['a malformed escape', 'geoCity=%E0%A4%A'],
    ['an absent cookie', 'other=1'],
    ['an oversized value', `geoCity=${'a'.repeat(5000)}`],
  ])('reads %s as null', (_label, cookie) => {
    expect(new DocumentCookiesAdapter({ cookie }).get('geoCity')).toBeNull();
  });

  it('survives a lone surrogate and a value with separators', () => {
    const jar = new FakeCookieJar();
    const cookies = new DocumentCookiesAdapter(jar);
    cookies.set('geoCity', 'Город; path=/evil\uD800');
    expect(cookies.get('geoCity')).toBe('Город; path=/evil\uFFFD');
  });

  it('does nothing without a document', () => {
    const cookies = new DocumentCookiesAdapter(null);
    cookies.set('geoCity', 'Москва');
    expect(cookies.get('geoCity')).toBeNull();
  });
});

describe('DocumentCartCookieAdapter', () => {
  it('mirrors the cart’s ids and quantities for the cart page only, for 30 days, SameSite=Lax', async () => {
    const jar = new FakeCookieJar('geoCity=%D0%9A');
    const cookies = new DocumentCartCookieAdapter(jar, { secure: false });

    cookies.write([
      { id: 12, quantity: 1 },
      { id: 7, quantity: 3 },
    ]);

    expect(jar.writes).toEqual(['cart=12.1-7.3; Max-Age=2592000; Path=/cart; SameSite=Lax']);
    expect(await cookies.read()).toEqual([
      { id: 12, quantity: 1 },
      { id: 7, quantity: 3 },
    ]);
  });

  it('deletes the cookie for an empty cart, and marks it Secure on an https page', async () => {
    const jar = new FakeCookieJar('cart=12.1');
    const cookies = new DocumentCartCookieAdapter(jar, { secure: true });

    cookies.write([{ id: 5, quantity: 2 }]);
    cookies.write([]);

    expect(jar.writes).toEqual([
      'cart=5.2; Max-Age=2592000; Path=/cart; SameSite=Lax; Secure',
      'cart=; Max-Age=0; Path=/cart; SameSite=Lax; Secure',
    ]);
    expect(await cookies.read()).toBeNull();
  });

  it.each([
    ['no cart cookie', 'geoCity=x'],
    ['a tampered value', 'cart=12.1-7.3,evil'],
    ['a value the shop never writes', 'cart=%31%32.1'],
  ])('reads %s as none', async (_label, cookie) => {
    expect(await new DocumentCartCookieAdapter({ cookie }, { secure: false }).read()).toBeNull();
  });

  it('does nothing without a document', async () => {
    const cookies = new DocumentCartCookieAdapter(null, { secure: false });
    cookies.write([{ id: 1, quantity: 1 }]);
    expect(await cookies.read()).toBeNull();
  });

  it('on the server: reads the request’s cookie and never writes', async () => {
    const cookies = new RequestCartCookieAdapter('3.2-9.1');
    cookies.write([]);
    expect(await cookies.read()).toEqual([
      { id: 3, quantity: 2 },
      { id: 9, quantity: 1 },
    ]);
    expect(await new RequestCartCookieAdapter('3.2-3.1').read()).toBeNull();
    expect(await new RequestCartCookieAdapter(null).read()).toBeNull();
  });
});

class FakeRecognition implements BrowserRecognition {
  static last: FakeRecognition | null = null;
  lang = '';
  interimResults = false;
  continuous = true;
  maxAlternatives = 5;
  onresult: BrowserRecognition['onresult'] = null;
  onerror: BrowserRecognition['onerror'] = null;
  onend: BrowserRecognition['onend'] = null;
  started = false;
  stopped = false;

  constructor() {
    FakeRecognition.last = this;
  }

  start(): void {
    this.started = true;
  }

  stop(): void {
    this.stopped = true;
    this.onend?.();
  }

  abort(): void {
    this.stop();
  }
}

describe('WebSpeechRecognitionAdapter', () => {
  it('carries the spec text the UI shows when voice search is unsupported', () => {
    expect(VOICE_SEARCH_UNSUPPORTED_MESSAGE).toBe('Ваш браузер не поддерживает голосовой поиск');
  });

  it('reports unsupported when the browser has no recognition', () => {
    const speech = new WebSpeechRecognitionAdapter({});
    expect(speech.isSupported()).toBe(false);
    expect(speech.listen(() => undefined)).toEqual({ status: 'unsupported' });
    expect(new WebSpeechRecognitionAdapter(null).isSupported()).toBe(false);
  });

  it('uses the webkit-prefixed constructor in ru-RU and passes results on', () => {
    const speech = new WebSpeechRecognitionAdapter({
      webkitSpeechRecognition: FakeRecognition as unknown as RecognitionConstructor,
    });
    const events: SpeechEvent[] = [];

    const session = speech.listen((event) => events.push(event));
    const recognition = FakeRecognition.last;
    recognition?.onresult?.({
      resultIndex: 0,
      results: { length: 1, 0: { isFinal: true, length: 1, 0: { transcript: 'диван угловой' } } },
    });
    recognition?.onerror?.({ error: 'no-speech' });
    if (session.status === 'listening') session.stop();

    expect(session.status).toBe('listening');
    expect(recognition).toMatchObject({ lang: 'ru-RU', started: true, stopped: true });
    expect(events).toEqual([
      { type: 'speech.result', transcript: 'диван угловой', isFinal: true },
      { type: 'speech.error', error: 'no-speech' },
      { type: 'speech.ended' },
    ]);
  });

  it('reports unsupported when the constructor refuses to build', () => {
    class Refusing {
      constructor() {
        throw new Error('insecure context');
      }
    }
    expect(
      new WebSpeechRecognitionAdapter({
        SpeechRecognition: Refusing as unknown as RecognitionConstructor,
      }).listen(() => undefined),
    ).toEqual({
      status: 'unsupported',
    });
  });
});

class RecordingLocation implements PageLocation {
  readonly calls: string[] = [];
  assign(url: string): void {
    this.calls.push(`assign ${url}`);
  }
  replace(url: string): void {
    this.calls.push(`replace ${url}`);
  }
  reload(): void {
    this.calls.push('reload');
  }
}

describe('BrowserNavigationAdapter', () => {
  it('loads the page until a router is attached, then navigates through it', () => {
    const location = new RecordingLocation();
    const navigation = new BrowserNavigationAdapter(location);
    const routed: string[] = [];

    navigation.navigate('/login?showMsg=1');
    navigation.attachRouter((to, options) => routed.push(`${to} replace=${options.replace}`));
    navigation.navigate('/login?email=a%40b.ru&showMsg=1', { replace: true });
    navigation.reload();

    expect(location.calls).toEqual(['assign /login?showMsg=1', 'reload']);
    expect(routed).toEqual(['/login?email=a%40b.ru&showMsg=1 replace=true']);
  });
});

class RecordingToasts implements ToastApi {
  readonly calls: unknown[] = [];
  show(message: string, options: object): void {
    this.calls.push(['show', message, options]);
  }
  update(id: string, options: object): void {
    this.calls.push(['update', id, options]);
  }
  dismiss(id?: string): void {
    this.calls.push(['dismiss', id]);
  }
}

describe('ToastifyNotifierAdapter', () => {
  it('loads the library once and replays calls in order with the spec defaults', async () => {
    const toasts = new RecordingToasts();
    let loads = 0;
    const notifier = new ToastifyNotifierAdapter(async () => {
      loads += 1;
      return toasts;
    }, new RecordingLogger());

    const first = notifier.show('error', 'Не удалось синхронизировать корзину с сервером');
    const second = notifier.show('success', 'Готово', { id: 'saved', autoCloseMs: 3000 });
    notifier.update(second, { message: 'Сохранено', kind: 'info' });
    notifier.dismiss(first);
    notifier.dismiss();
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(loads).toBe(1);
    expect(second).toBe('saved');
    expect(toasts.calls).toEqual([
      [
        'show',
        'Не удалось синхронизировать корзину с сервером',
        { toastId: first, type: 'error', autoClose: 5000 },
      ],
      ['show', 'Готово', { toastId: 'saved', type: 'success', autoClose: 3000 }],
      ['update', 'saved', { render: 'Сохранено', type: 'info' }],
      ['dismiss', first],
      ['dismiss', undefined],
    ]);
  });

  it('logs a library that fails to load and tries again on the next toast', async () => {
    const logger = new RecordingLogger();
    const toasts = new RecordingToasts();
    let attempts = 0;
    const notifier = new ToastifyNotifierAdapter(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk failed');
      return toasts;
    }, logger);

    notifier.show('info', 'первый');
    await new Promise((resolve) => setTimeout(resolve, 0));
    notifier.show('info', 'второй');
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(logger.errors).toEqual(['Toast library could not be loaded']);
    expect(toasts.calls).toHaveLength(1);
  });
});

describe('ConsoleLogger', () => {
  it('writes warnings and errors to the console it was given', () => {
    const lines: unknown[][] = [];
    const logger = new ConsoleLogger({
      warn: (...args: unknown[]) => lines.push(['warn', ...args]),
      error: (...args: unknown[]) => lines.push(['error', ...args]),
    });
    logger.warn('getCart: a positive numeric clientId is required, got 0');
    logger.error('boom', { status: 500 });
    expect(lines).toEqual([
      ['warn', 'getCart: a positive numeric clientId is required, got 0'],
      ['error', 'boom', { status: 500 }],
    ]);
  });
});

describe('machine inspector', () => {
  it('is requested only by ?inspect', () => {
    expect(inspectorRequested('?inspect')).toBe(true);
    expect(inspectorRequested('?q=1&inspect=1')).toBe(true);
    expect(inspectorRequested('?inspector')).toBe(false);
    expect(inspectorRequested('')).toBe(false);
  });

  it('never loads in tests, even when asked', async () => {
    expect(await loadMachineInspector('?inspect')).toBeUndefined();
  });
});
