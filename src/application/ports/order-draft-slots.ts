import type { SavedHomeMeasurements } from '../../../shared-rules/home-measurements-rule';
import { type CheckoutDeliveryDetails, parseStoredDeliveryDetails } from '../../domain/checkout';
import { parseStoredHomeMeasurements } from '../../domain/home-measurements';
import type { StorageSlot } from './key-value-storage.port';
import { jsonSlot } from './storage-slots';

// The slots only the cart, checkout and product pages read: a module of their own, so the decoders of
// the checkout domain load with those pages rather than with every page's start (storage-slots.ts).

/**
 * «Поместится?» (issue 23, item 6): the door, corridor and lift a guest measured, validated when read
 * (anything else reads as nothing kept); a client's are in the account, and kept here too.
 */
export const HOME_MEASUREMENTS_SLOT: StorageSlot<SavedHomeMeasurements | null> = jsonSlot(
  'homeMeasurements',
  parseStoredHomeMeasurements,
);

/**
 * The delivery draft (issue 23, item 3): the zone, km, floor, lift and services the shopper entered in
 * the cart or at checkout; both start from it, so what the cart priced is what checkout starts with.
 */
export const DELIVERY_DRAFT_SLOT: StorageSlot<CheckoutDeliveryDetails> = jsonSlot(
  'deliveryDraft',
  parseStoredDeliveryDetails,
);
