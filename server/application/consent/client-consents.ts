import type { ClientConsents } from '../../../api/consents';
import { consentInForce } from '../../domain/consent-ledger';
import type { ConsentLedger } from './consent-ledger.port';

/** What the account shows: the client's records, newest first, and whether marketing mail is on. */
export function clientConsents(ledger: Pick<ConsentLedger, 'recordsOfClient'>) {
  return async (clientId: number, email: string): Promise<ClientConsents> => {
    const rows = await ledger.recordsOfClient(clientId, email);
    return {
      marketing: consentInForce(
        rows.map((row) => ({ purpose: row.purpose, action: row.action, at: row.at, id: row.id })),
        'marketing',
      ),
      records: rows.map((row) => ({
        purpose: row.purpose,
        action: row.action,
        document: row.document,
        documentVersion: row.documentVersion,
        source: row.source,
        at: new Date(row.at).toISOString(),
      })),
    };
  };
}
