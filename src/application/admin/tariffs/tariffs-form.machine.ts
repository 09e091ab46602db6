import { fromPromise } from 'xstate';
import {
  type LoadedRecord,
  type RecordId,
  recordFormMachine,
  type SaveRequest,
} from '../../machines/admin/record-form.machine';
import { ADMIN_TARIFFS_PORT, type DeliveryTariffs, type TariffsMeta } from '../../ports/admin-tariffs.port';
import { isPortFailure, PortFailure } from '../../ports/port-failure';
import { defineUseCase } from '../../use-case';

/** The chart of the tariffs form: the one record form of the back office (record-form.machine.ts). */
const tariffsFormChart = recordFormMachine<DeliveryTariffs, TariffsMeta>();

/**
 * /admin/tariffs: the tariffs document as a record form. The whole document is saved over the version
 * it was read at; the server's 409 (another save came first) becomes the form's `conflict` (reload
 * theirs, or save mine over it), its 422 stays in `failed` with the server's Russian messages, each
 * naming its field. The save's answer — the stored document with its new version — is the form.
 */
export const tariffsFormMachine = defineUseCase(
  'admin.tariffs.formMachine',
  { tariffs: ADMIN_TARIFFS_PORT },
  ({ tariffs }) =>
    tariffsFormChart.provide({
      actors: {
        loadRecord: fromPromise<LoadedRecord<DeliveryTariffs, TariffsMeta>, { id: RecordId }>(({ signal }) =>
          tariffs.load({ signal }),
        ),
        saveRecord: fromPromise<LoadedRecord<DeliveryTariffs, TariffsMeta>, SaveRequest<DeliveryTariffs>>(
          async ({ input, signal }) => {
            try {
              return await tariffs.save(Number(input.expectedVersion ?? 0), input.draft, { signal });
            } catch (error) {
              if (isPortFailure(error) && error.status === 409) {
                // The record form knows a stale save by the contract's `version_conflict` code.
                throw new PortFailure({
                  kind: error.kind,
                  status: 409,
                  code: 'version_conflict',
                  message: error.message,
                  ...(error.serverMessage === undefined ? {} : { serverMessage: error.serverMessage }),
                });
              }
              throw error;
            }
          },
        ),
      },
      actions: { announceSaved: () => undefined },
    }),
);
