import type { ConsentPurposeKey } from '../../../shared-rules/consent-rule';
import type { ConsentLedger } from './consent-ledger.port';

export interface FormConsent {
  readonly source: string;
  readonly purposes: readonly ConsentPurposeKey[];
  readonly clientId: number | null;
  readonly email: string | null;
  readonly phone: string | null;
  readonly reference: string | null;
  readonly ip: string;
  readonly userAgent: string;
}

/**
 * A form that took personal data succeeded: one `given` record per purpose it asked consent for, with
 * the version of that purpose's document now (152-FZ art. 9 part 3: the operator proves the consent).
 */
export function recordFormConsent(ledger: Pick<ConsentLedger, 'record'>) {
  return async (consent: FormConsent): Promise<void> => {
    if (consent.purposes.length === 0) return;
    await ledger.record(
      consent.purposes.map((purpose) => ({
        purpose,
        action: 'given' as const,
        source: consent.source,
        clientId: consent.clientId,
        email: consent.email,
        phone: consent.phone,
        reference: consent.reference,
        ip: consent.ip,
        userAgent: consent.userAgent,
      })),
    );
  };
}
