import type {
  AddressSuggestion,
  AddressSuggestions,
} from '../../server/application/address-suggestions.port';
import type {
  CarrierDestination,
  CarrierOffer,
  CarrierPackage,
  CarrierQuote,
} from '../../server/application/carrier-quote.port';

/**
 * Local fakes of the external delivery services (issue 23): a handful of real addresses with their
 * coordinates as DaData answers them, and a carrier that prices by weight. Tests never call DaData or
 * СДЭК.
 */
const ADDRESSES: readonly AddressSuggestion[] = [
  {
    value: 'г Санкт-Петербург, Невский пр-кт, д 28',
    region: 'г Санкт-Петербург',
    city: 'Санкт-Петербург',
    postalCode: '191186',
    point: { lat: 59.9357, lon: 30.3259 },
    beltwayHit: null,
    beltwayKm: null,
  },
  {
    value: 'г Санкт-Петербург, г Пушкин, Октябрьский б-р, д 24',
    region: 'г Санкт-Петербург',
    city: 'Санкт-Петербург',
    postalCode: '196601',
    point: { lat: 59.7215, lon: 30.4081 },
    beltwayHit: null,
    beltwayKm: null,
  },
  {
    value: 'Ленинградская обл, г Всеволожск, Октябрьский пр-кт, д 96',
    region: 'Ленинградская обл',
    city: 'Всеволожск',
    postalCode: '188643',
    point: { lat: 60.0213, lon: 30.6378 },
    beltwayHit: 'OUT_KAD',
    beltwayKm: 9.2,
  },
  {
    value: 'г Москва, ул Тверская, д 7',
    region: 'г Москва',
    city: 'Москва',
    postalCode: '125009',
    point: { lat: 55.7606, lon: 37.6096 },
    beltwayHit: null,
    beltwayKm: null,
  },
  {
    value: 'г Санкт-Петербург, Невский р-н',
    region: 'г Санкт-Петербург',
    city: 'Санкт-Петербург',
    postalCode: null,
    point: null,
    beltwayHit: null,
    beltwayKm: null,
  },
];

const normalised = (text: string): string => text.toLowerCase().replace(/ё/g, 'е');

export class FakeAddressSuggestions implements AddressSuggestions {
  readonly queries: string[] = [];

  async suggest(query: string, count: number): Promise<readonly AddressSuggestion[]> {
    this.queries.push(query);
    const words = normalised(query)
      .split(/[\s,]+/)
      .filter(Boolean);
    return ADDRESSES.filter((address) =>
      words.every((word) => normalised(address.value).includes(word)),
    ).slice(0, count);
  }
}

/** 350 ₽ plus 25 ₽ a kilogram, 3–5 working days; nothing for a postcode starting with 9 (no service). */
export class FakeCarrierQuote implements CarrierQuote {
  readonly asked: { readonly to: CarrierDestination; readonly packages: readonly CarrierPackage[] }[] = [];

  async quote(to: CarrierDestination, packages: readonly CarrierPackage[]): Promise<CarrierOffer | null> {
    this.asked.push({ to, packages });
    if (to.postalCode?.startsWith('9')) return null;
    const kilograms = packages.reduce((sum, parcel) => sum + parcel.weightGrams, 0) / 1000;
    return {
      price: (350 + Math.ceil(kilograms) * 25) * 100,
      minDays: 3,
      maxDays: 5,
      tariffName: 'Посылка склад-дверь',
    };
  }
}
