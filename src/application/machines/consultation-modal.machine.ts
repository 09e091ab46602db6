/**
 * The consultation modal (spec §4 "Consultation modal", §5, §8), opened from the home page's
 * consultation banner. Its states are those of the shared request modal (request-modal.machine.ts):
 * `closed`, `open` (form `editing` / `submitting`, prefill of a client's contacts), `success` with the
 * account status, and `closing` (260 ms). It alone accepts an attachment (JPEG, PNG, WEBP or PDF up
 * to 5 MB), and maps the server's error codes to the spec's messages.
 */
import { createRequestModalMachine, errorCode } from './request-modal.machine';

export const CONSULTATION_ATTACHMENT_TYPE_ERROR = 'Можно загрузить только JPG, PNG, WEBP или PDF.';
export const CONSULTATION_FILE_TOO_LARGE_ERROR = 'Размер файла не должен превышать 5 МБ.';
export const CONSULTATION_SUBMIT_ERROR = 'Ошибка при отправке заявки. Попробуйте ещё раз.';

/** Spec §8: invalid_attachment_type and file_too_large have their own messages; anything else one. */
function consultationSubmitErrorMessage(error: unknown): string {
  switch (errorCode(error)) {
    case 'invalid_attachment_type':
      return CONSULTATION_ATTACHMENT_TYPE_ERROR;
    case 'file_too_large':
      return CONSULTATION_FILE_TOO_LARGE_ERROR;
    default:
      return CONSULTATION_SUBMIT_ERROR;
  }
}

export const consultationModalMachine = createRequestModalMachine({
  id: 'consultationModal',
  form: 'consultation',
  submitErrorMessage: consultationSubmitErrorMessage,
  refreshAuthAfterTempPassword: false,
});
