/**
 * Delivery zones (issue 23, item 4; docs/delivery-dates.md «Address with a zone»): where the goods go,
 * as the address suggestions tell it or as the shopper picks it by hand when suggestions are off.
 * The tariff (h23-quote) prices a zone; this file only names them.
 */

const DELIVERY_ZONE_KINDS = ['inside_kad', 'outside_kad', 'pickup', 'other_region'] as const;
type DeliveryZoneKind = (typeof DELIVERY_ZONE_KINDS)[number];

/**
 * A zone: inside the ring road (КАД), outside it with the whole kilometres beyond it, pickup from the
 * showroom, or another region (a carrier's quote).
 */
export type DeliveryZone =
  | { readonly kind: 'inside_kad' }
  | { readonly kind: 'outside_kad'; readonly kmBeyond: number }
  | { readonly kind: 'pickup' }
  | { readonly kind: 'other_region' };

/** The distance bands the shopper picks from by hand; each priced at its upper kilometre. */
export const KM_BANDS = [10, 20, 30, 50, 100] as const;
export type KmBand = (typeof KM_BANDS)[number];
/** The farthest a courier goes beyond the ring road; farther is another region's carrier. */
export const MAX_KM_BEYOND = 100;

export const DELIVERY_ZONE_LABELS: Readonly<Record<DeliveryZoneKind, string>> = {
  inside_kad: 'В пределах КАД',
  outside_kad: 'За КАД',
  pickup: 'Самовывоз из шоурума',
  other_region: 'Другой регион',
};

/** The band a distance falls in: the first band not below it. */
export function kmBandOf(kmBeyond: number): KmBand {
  for (const band of KM_BANDS) if (kmBeyond <= band) return band;
  return MAX_KM_BEYOND;
}

/** «до 10 км», «10–20 км» … : the label of a band in the manual picker. */
export function kmBandLabel(band: KmBand): string {
  const index = KM_BANDS.indexOf(band);
  const lower = index > 0 ? KM_BANDS[index - 1] : undefined;
  return lower === undefined ? `до ${band} км` : `${lower}–${band} км`;
}

/** «За КАД, 12 км»: a zone in words (the checkout's answer and the order card). */
export function deliveryZoneText(zone: DeliveryZone): string {
  return zone.kind === 'outside_kad'
    ? `${DELIVERY_ZONE_LABELS.outside_kad}, ${zone.kmBeyond} км`
    : DELIVERY_ZONE_LABELS[zone.kind];
}
