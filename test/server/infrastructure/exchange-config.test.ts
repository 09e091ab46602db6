import { describe, expect, it } from 'vitest';
import { EXCHANGE_STEP, readExchangeConfig } from '../../../server/infrastructure/exchange/exchange.config';

describe('the exchange account from the environment', () => {
  it('is off while neither variable is set', () => {
    expect(readExchangeConfig({})).toEqual({ ok: true, config: null });
  });

  it('refuses one without the other, a short password and a bad limit', () => {
    expect(readExchangeConfig({ EXCHANGE_LOGIN: 'obmen' })).toMatchObject({ ok: false });
    expect(readExchangeConfig({ EXCHANGE_PASSWORD: 'длинный-пароль-обмена' })).toMatchObject({ ok: false });
    expect(readExchangeConfig({ EXCHANGE_LOGIN: 'obmen', EXCHANGE_PASSWORD: 'короткий' })).toEqual({
      ok: false,
      message: 'EXCHANGE_PASSWORD должен быть не короче 12 символов.',
    });
    expect(
      readExchangeConfig({
        EXCHANGE_LOGIN: 'obmen',
        EXCHANGE_PASSWORD: 'длинный-пароль-обмена',
        EXCHANGE_FILE_LIMIT_MB: '0',
      }),
    ).toMatchObject({ ok: false });
  });

  it('reads the account, the price type and the limits', () => {
    expect(
      readExchangeConfig({
        EXCHANGE_LOGIN: ' obmen ',
        EXCHANGE_PASSWORD: 'длинный-пароль-обмена',
        EXCHANGE_PRICE_TYPE: 'Интернет-магазин',
        EXCHANGE_FILE_LIMIT_MB: '2',
      }),
    ).toEqual({
      ok: true,
      config: {
        login: 'obmen',
        password: 'длинный-пароль-обмена',
        priceType: 'Интернет-магазин',
        chunkLimit: 2 * 1_048_576,
        fileLimit: 2 * 1_048_576,
        step: EXCHANGE_STEP,
      },
    });
    const defaults = readExchangeConfig({
      EXCHANGE_LOGIN: 'obmen',
      EXCHANGE_PASSWORD: 'длинный-пароль-обмена',
    });
    expect(defaults).toMatchObject({
      ok: true,
      config: { priceType: 'Розничная', chunkLimit: 8 * 1_048_576, fileLimit: 64 * 1_048_576 },
    });
  });
});
