import { describe, expect, it } from 'vitest';
import {
  CdekCarrierQuote,
  cheapestOffer,
} from '../../../../server/infrastructure/delivery/cdek-carrier-quote';
import {
  DadataAddressSuggestions,
  suggestionOf,
} from '../../../../server/infrastructure/delivery/dadata-address-suggestions';
import { readDeliveryConfig } from '../../../../server/infrastructure/delivery/delivery.config';

/**
 * The real adapters of DaData and СДЭК over a recording fetch (no network): what they send, how they
 * read the published answers, and that any failure is «no suggestions» / «no offer», never a throw.
 */
type Call = { url: string; init: RequestInit | undefined };

function recordingFetch(answers: readonly (Response | Error)[]): { fetch: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  let next = 0;
  const fake = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    calls.push({ url: String(input), init });
    const answer = answers[Math.min(next, answers.length - 1)];
    next += 1;
    if (answer instanceof Error) throw answer;
    if (answer === undefined) throw new Error('no answer');
    return answer;
  };
  return { fetch: fake as typeof fetch, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('DaData suggestions', () => {
  it('posts the query with the token and reads coordinates, region, city and the ring-road answer', async () => {
    const { fetch, calls } = recordingFetch([
      json({
        suggestions: [
          {
            value: 'г Санкт-Петербург, Невский пр-кт, д 28',
            data: {
              geo_lat: '59.9357',
              geo_lon: '30.3259',
              region_with_type: 'г Санкт-Петербург',
              city: 'Санкт-Петербург',
              postal_code: '191186',
              beltway_hit: 'IN_KAD',
              beltway_distance: null,
            },
          },
          { value: '', data: {} },
        ],
      }),
    ]);
    const found = await new DadataAddressSuggestions('secret-token', fetch).suggest('Невский 28', 5);
    expect(calls[0]?.url).toBe('https://suggestions.dadata.ru/suggestions/api/4_1/rs/suggest/address');
    expect(new Headers(calls[0]?.init?.headers).get('authorization')).toBe('Token secret-token');
    expect(JSON.parse(String(calls[0]?.init?.body))).toMatchObject({ query: 'Невский 28', count: 5 });
    expect(found).toEqual([
      {
        value: 'г Санкт-Петербург, Невский пр-кт, д 28',
        region: 'г Санкт-Петербург',
        city: 'Санкт-Петербург',
        postalCode: '191186',
        point: { lat: 59.9357, lon: 30.3259 },
        beltwayHit: 'IN_KAD',
        beltwayKm: null,
      },
    ]);
  });

  it('answers nothing on a refusal, an outage or a malformed answer', async () => {
    for (const answer of [
      json({ message: 'quota' }, 403),
      new Error('ECONNRESET'),
      new Response('not json'),
    ]) {
      const { fetch } = recordingFetch([answer]);
      expect(await new DadataAddressSuggestions('t', fetch).suggest('Невский', 5)).toEqual([]);
    }
    expect(suggestionOf({ value: 'x', data: { geo_lat: 'abc', geo_lon: '30' } })?.point).toBeNull();
  });
});

describe('СДЭК v2 quotes', () => {
  const settings = {
    clientId: 'id',
    clientSecret: 'secret',
    fromPostalCode: '190000',
    apiBase: 'https://api.edu.cdek.ru',
  };

  it('takes a token once, then prices the parcels with the cheapest tariff in whole roubles', async () => {
    const tariffs = json({
      tariff_codes: [
        {
          tariff_code: 137,
          tariff_name: 'Посылка склад-дверь',
          delivery_sum: 1250.4,
          period_min: 3,
          period_max: 5,
        },
        {
          tariff_code: 139,
          tariff_name: 'Посылка дверь-дверь',
          delivery_sum: 1490,
          period_min: 2,
          period_max: 4,
        },
      ],
    });
    const { fetch, calls } = recordingFetch([
      json({ access_token: 'tok', expires_in: 3600 }),
      tariffs,
      tariffs.clone(),
    ]);
    const cdek = new CdekCarrierQuote(settings, fetch, () => 0);
    const parcels = [{ weightGrams: 45_000, lengthCm: 220, widthCm: 95, heightCm: 80 }];
    const offer = await cdek.quote({ postalCode: '125009', city: null }, parcels);
    expect(offer).toEqual({ price: 125_100, minDays: 3, maxDays: 5, tariffName: 'Посылка склад-дверь' });
    expect(calls[0]?.url).toBe('https://api.edu.cdek.ru/v2/oauth/token');
    expect(String(calls[0]?.init?.body)).toContain('grant_type=client_credentials');
    expect(calls[1]?.url).toBe('https://api.edu.cdek.ru/v2/calculator/tarifflist');
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({
      from_location: { postal_code: '190000' },
      to_location: { postal_code: '125009' },
      packages: [{ weight: 45_000, length: 220, width: 95, height: 80 }],
    });
    await cdek.quote({ postalCode: '125009', city: null }, parcels);
    expect(calls.filter((call) => call.url.endsWith('/oauth/token'))).toHaveLength(1);
  });

  it('has no offer when the token is refused, the network fails or no tariff has a price', async () => {
    for (const answers of [
      [json({}, 401)],
      [new Error('timeout')],
      [json({ access_token: 't' }), json({ tariff_codes: [] })],
    ]) {
      const { fetch } = recordingFetch(answers);
      expect(
        await new CdekCarrierQuote(settings, fetch).quote({ postalCode: '125009', city: null }, []),
      ).toBeNull();
    }
    expect(cheapestOffer({ tariff_codes: [{ delivery_sum: 'бесплатно' }] })).toBeNull();
  });
});

describe('the delivery services configuration', () => {
  it('is off without variables, refuses half a СДЭК setup, reads a whole one', () => {
    expect(readDeliveryConfig({})).toEqual({ ok: true, config: { dadataToken: null, cdek: null } });
    expect(readDeliveryConfig({ CDEK_CLIENT_ID: 'id' })).toMatchObject({ ok: false });
    expect(
      readDeliveryConfig({
        DADATA_TOKEN: ' t ',
        CDEK_CLIENT_ID: 'id',
        CDEK_CLIENT_SECRET: 's',
        CDEK_FROM_POSTCODE: '190000',
      }),
    ).toEqual({
      ok: true,
      config: {
        dadataToken: 't',
        cdek: { clientId: 'id', clientSecret: 's', fromPostalCode: '190000', apiBase: 'https://api.cdek.ru' },
      },
    });
  });
});
