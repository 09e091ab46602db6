import type { GeoPoint } from '../domain/ring-road';

/** One suggested address with what tells its delivery zone (issue 23, item 4). */
export interface AddressSuggestion {
  /** «г Санкт-Петербург, Невский пр-кт, д 1». */
  readonly value: string;
  /** «г Санкт-Петербург», «Ленинградская обл». */
  readonly region: string | null;
  readonly city: string | null;
  readonly postalCode: string | null;
  readonly point: GeoPoint | null;
  /** DaData's own answer about the ring road (`beltway_hit`), when it gives one. */
  readonly beltwayHit: 'IN_KAD' | 'OUT_KAD' | null;
  /** DaData's km from the ring road (`beltway_distance`), when it gives one. */
  readonly beltwayKm: number | null;
}

/**
 * Address suggestions while the shopper types: DaData's suggestions API
 * (server/infrastructure/delivery/dadata-address-suggestions.ts) when DADATA_TOKEN is set; a local
 * fake in tests (test/support/fake-delivery-services.ts). Never throws: an outage answers [].
 */
export interface AddressSuggestions {
  suggest(query: string, count: number): Promise<readonly AddressSuggestion[]>;
}
