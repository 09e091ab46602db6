import { fromPromise } from 'xstate';
import type { SavedHomeMeasurements } from '../../../shared-rules/home-measurements-rule';
import { CLIENTS_PORT } from '../ports/clients.port';
import { KEY_VALUE_STORAGE_PORT } from '../ports/key-value-storage.port';
import { HOME_MEASUREMENTS_SLOT } from '../ports/order-draft-slots';
import { defineUseCase } from '../use-case';
import { homeMeasurementsMachine } from './home-measurements.machine';

/**
 * The «Поместится?» panel's machine, provided (issue 23, item 6): a guest's measurements live in
 * browser storage; a client's in the account. At the first read after sign-in an account without
 * measurements takes the guest's (as the cart and favourites merge on sign-in), and every save is
 * kept in the browser too, so signing out leaves the same home behind. A failed account read falls
 * back to the browser's copy.
 */
export const homeMeasurementsPanel = defineUseCase(
  'delivery.homeMeasurementsMachine',
  { storage: KEY_VALUE_STORAGE_PORT, clients: CLIENTS_PORT },
  ({ storage, clients }) =>
    homeMeasurementsMachine.provide({
      actors: {
        loadMeasurements: fromPromise<SavedHomeMeasurements | null, { clientId: number | null }>(
          async ({ input, signal }) => {
            const local = storage.read(HOME_MEASUREMENTS_SLOT);
            if (input.clientId === null) return local;
            let kept: SavedHomeMeasurements | null;
            try {
              kept = await clients.homeMeasurements(input.clientId, { signal });
            } catch {
              return local;
            }
            if (kept !== null || local === null) return kept;
            // The guest measured before signing in: the account keeps it now.
            return clients.saveHomeMeasurements(input.clientId, local, { signal }).catch(() => local);
          },
        ),
        saveMeasurements: fromPromise<
          SavedHomeMeasurements | null,
          { clientId: number | null; measurements: SavedHomeMeasurements }
        >(async ({ input, signal }) => {
          const kept =
            input.clientId === null
              ? input.measurements
              : await clients.saveHomeMeasurements(input.clientId, input.measurements, { signal });
          storage.write(HOME_MEASUREMENTS_SLOT, kept);
          return kept;
        }),
      },
    }),
);
