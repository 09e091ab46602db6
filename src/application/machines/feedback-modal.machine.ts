/**
 * The feedback modal behind the floating help button (spec §4 "Feedback modal", §5, §8). Same states
 * as the consultation modal (request-modal.machine.ts): `closed`, `open` (form `editing` /
 * `submitting`, prefill), `success` with the account status, and `closing` (260 ms). Differences: no
 * attachment, one failure message, and when the server issued a temporary password the login state
 * is refreshed after the modal has closed.
 */
import { createRequestModalMachine } from './request-modal.machine';

export const FEEDBACK_SUBMIT_ERROR = 'Не удалось отправить сообщение. Попробуйте ещё раз.';

export const feedbackModalMachine = createRequestModalMachine({
  id: 'feedbackModal',
  form: 'feedback',
  submitErrorMessage: () => FEEDBACK_SUBMIT_ERROR,
  refreshAuthAfterTempPassword: true,
});
