/** A parcel of the order as the carrier measures it: grams and whole centimetres. */
export interface CarrierPackage {
  readonly weightGrams: number;
  readonly lengthCm: number;
  readonly widthCm: number;
  readonly heightCm: number;
}

export interface CarrierDestination {
  readonly postalCode: string | null;
  readonly city: string | null;
}

/** The cheapest tariff the carrier offers: kopecks and working days. */
export interface CarrierOffer {
  readonly price: number;
  readonly minDays: number;
  readonly maxDays: number;
  readonly tariffName: string;
}

/**
 * A carrier's price for another region (issue 23, item 4): СДЭК API v2
 * (server/infrastructure/delivery/cdek-carrier-quote.ts) when CDEK_CLIENT_ID/SECRET are set; a local
 * fake in tests. Null when the carrier has no offer or did not answer: the manager tells the price and
 * the order still goes through.
 */
export interface CarrierQuote {
  quote(to: CarrierDestination, packages: readonly CarrierPackage[]): Promise<CarrierOffer | null>;
}
