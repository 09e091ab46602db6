import { fromPromise } from 'xstate';
import { promoCodeProblem } from '../../../../shared-rules/promo-code-rule';
import {
  type LoadedRecord,
  type RecordId,
  recordFormMachine,
  type SaveRequest,
} from '../../machines/admin/record-form.machine';
import { ADMIN_PROMO_PORT, type PromoDraft, type PromoStats } from '../../ports/admin-promo.port';
import { PortFailure } from '../../ports/port-failure';
import { defineUseCase } from '../../use-case';

/**
 * /admin/promocodes/{code}: the record form of a promo code. A new code is checked against the one
 * rule of what a code may be (shared-rules/promo-code-rule.ts) before anything is sent, so a code typed
 * in Cyrillic says why at once (issue 25 item 13) instead of the contract refusing it in the browser
 * with «Не удалось сохранить…». The save's answer — the stored code with its statistics — is the form.
 */
export const promoEditorMachine = defineUseCase(
  'admin.promo.editorMachine',
  { promo: ADMIN_PROMO_PORT },
  ({ promo }) =>
    recordFormMachine<PromoDraft, PromoStats>().provide({
      actors: {
        loadRecord: fromPromise<LoadedRecord<PromoDraft, PromoStats>, { id: RecordId }>(({ input, signal }) =>
          promo.load(String(input.id), { signal }),
        ),
        saveRecord: fromPromise<LoadedRecord<PromoDraft, PromoStats>, SaveRequest<PromoDraft>>(
          async ({ input, signal }) => {
            const problem = input.id === null ? promoCodeProblem(input.draft.code.trim()) : null;
            if (problem !== null) {
              throw new PortFailure({
                kind: 'precondition',
                message: 'admin.promo.save: the code breaks the promo code rule',
                serverMessage: problem,
              });
            }
            return promo.save(input, { signal });
          },
        ),
      },
      // The screen follows a new code to its address itself (it watches the saved id).
      actions: { announceSaved: () => undefined },
    }),
);
