import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { COOKIES_PORT } from '../../src/application/ports/cookies.port';
import { NAVIGATION_PORT, type NavigationPort } from '../../src/application/ports/navigation.port';
import { createAppContainer } from '../../src/infrastructure/composition-root';
import { DocumentCookiesAdapter } from '../../src/infrastructure/document-cookies.adapter';
import {
  cityInputFrom,
  provideShopMachines,
  type ShopMachineHooks,
} from '../../src/infrastructure/shop-system';
import { eventually } from '../support/eventually';
import { FakeCookieJar } from './fake-cookie-jar';
import { type FetchHandler, fakeFetch, json } from './fake-fetch';
import { RecordingLogger } from './recording-logger';

class RecordingNavigation implements NavigationPort {
  readonly calls: string[] = [];
  navigate(to: string): void {
    this.calls.push(to);
  }
  reload(): void {
    this.calls.push('reload');
  }
}

function setup(handler: FetchHandler, cookie = '') {
  const server = fakeFetch(handler);
  const logger = new RecordingLogger();
  const app = createAppContainer({
    apiBaseUrl: 'http://shop.test/',
    fetch: server.fetch,
    window: null,
    logger,
  });
  const jar = new FakeCookieJar(cookie);
  const navigation = new RecordingNavigation();
  // A test container swaps browser adapters the same way the composition root registers them.
  app.register(COOKIES_PORT, { useValue: new DocumentCookiesAdapter(jar) });
  app.register(NAVIGATION_PORT, { useValue: navigation });
  const hookCalls: string[] = [];
  const hooks: ShopMachineHooks = {
    refreshAuth: () => hookCalls.push('refreshAuth'),
    reportTempPassword: (password) => hookCalls.push(`tempPassword ${password}`),
    focusDialog: (dialog) => hookCalls.push(`focus ${dialog}`),
    announceAuthState: (change) => hookCalls.push(`announce ${JSON.stringify(change)}`),
    authSucceeded: () => hookCalls.push('authSucceeded'),
  };
  return { app, server, logger, jar, navigation, hookCalls, machines: provideShopMachines(app, hooks) };
}

// The composition root loads the HTTP adapters with a dynamic import on the first call; loading
// (and transforming) that chunk once here keeps the waits below about behaviour, not module loading.
beforeAll(async () => {
  await import('../../src/infrastructure/http/http-adapters');
}, 60_000);

describe('city machine with its ports', () => {
  it('reads the cookies as its start input', () => {
    const { app } = setup(() => json({}), `geoCity=${encodeURIComponent('Казань')}; geoConfirmed=true`);
    const cookies = app.resolve(COOKIES_PORT) as DocumentCookiesAdapter;
    expect(cityInputFrom(cookies)).toEqual({ cookieCity: 'Казань', confirmed: true });
    expect(cityInputFrom(new DocumentCookiesAdapter({ cookie: '' }))).toEqual({
      cookieCity: null,
      confirmed: false,
    });
  });

  it('detects the city through geo and stores it in the cookies on Да', async () => {
    const { machines, jar, server } = setup(() => json({ city: 'санкт-петербург' }));
    const city = createActor(machines.city, { input: { cookieCity: null, confirmed: false } }).start();

    await waitFor(city, (snapshot) => snapshot.hasTag('bannerVisible'));
    city.send({ type: 'city.confirmed' });

    expect(server.requests[0]?.url).toBe('http://shop.test/api/geo');
    expect(jar.cookie).toContain('geoConfirmed=true');
    expect(jar.cookie).toContain(`geoCity=${encodeURIComponent(city.getSnapshot().context.city ?? '')}`);
    city.stop();
  });

  it('logs a failed detection', async () => {
    const { machines, logger } = setup(() => json({ error: 'internal_error', message: 'x' }, 500));
    const city = createActor(machines.city, { input: { cookieCity: null, confirmed: false } }).start();
    await eventually(() => expect(logger.warnings).toEqual(['City detection failed']));
    expect(city.getSnapshot().context.city).toBeNull();
    city.stop();
  });
});

describe('subscribe machine with its ports', () => {
  async function submit(machines: ReturnType<typeof setup>['machines'], email: string) {
    const subscribe = createActor(machines.subscribe).start();
    subscribe.send({ type: 'subscribe.emailChanged', email });
    // The consent starts unticked (docs/decisions/consent-checkboxes.md): the visitor ticks it.
    subscribe.send({ type: 'subscribe.consentChanged', consent: true });
    subscribe.send({ type: 'subscribe.submitted' });
    await waitFor(subscribe, (snapshot) => !snapshot.hasTag('busy'));
    return subscribe;
  }

  it('turns a 403 into the forbidden answer with the server message', async () => {
    const message = 'Вы уже авторизованы. Подписаться на другой email невозможно.';
    const { machines } = setup(() => json({ error: 'forbidden', message }, 403));
    const subscribe = await submit(machines, 'other@b.ru');
    expect(subscribe.getSnapshot().value).toBe('forbidden');
    expect(subscribe.getSnapshot().context.forbiddenMessage).toBe(message);
  });

  it('shows the promo code of a new subscription', async () => {
    const { machines, server } = setup(() => json({ status: 'created', promo_code: 'WELCOME5' }));
    const subscribe = await submit(machines, 'a@b.ru');
    expect(subscribe.getSnapshot().value).toBe('success');
    expect(subscribe.getSnapshot().context.promoCode).toBe('WELCOME5');
    expect(JSON.parse(String(server.requests[0]?.body))).toEqual({ email: 'a@b.ru' });
  });

  it('fails into the error state on a 500', async () => {
    const { machines } = setup(() => json({ error: 'internal_error', message: 'x' }, 500));
    expect((await submit(machines, 'a@b.ru')).getSnapshot().value).toBe('error');
  });
});

describe('request modals with their ports', () => {
  it('sends feedback as JSON and keeps the account flags', async () => {
    const { machines, server } = setup(() =>
      json({ ok: true, requestId: 1, accountStatus: 'existing' }, 201),
    );
    const modal = createActor(machines.feedbackModal).start();
    modal.send({ type: 'modal.openRequested', clientId: null });
    modal.send({ type: 'form.fieldChanged', field: 'email', value: 'a@b.ru' });
    modal.send({ type: 'form.fieldChanged', field: 'comment', value: 'Спасибо!' });
    modal.send({ type: 'form.submitted' });

    await waitFor(modal, (snapshot) => snapshot.context.accountStatus === 'existing');
    const body = JSON.parse(String(server.requests.at(-1)?.body)) as {
      subject: string;
      text: string;
      email: string;
    };
    expect(body.email).toBe('a@b.ru');
    expect(body.text).toContain('Сообщение: Спасибо!');
    modal.stop();
  });
});
