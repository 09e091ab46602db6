import type { ClientConsents } from '../../../api/consents';
import { clientConsents } from './client-consents';
import type { ConsentLedger } from './consent-ledger.port';

export interface WithdrawalContext {
  readonly clientId: number;
  readonly email: string;
  readonly ip: string;
  readonly userAgent: string;
}

/**
 * The client withdraws the marketing consent in the account (152-FZ art. 9 part 2; 38-FZ art. 18):
 * a `withdrawn` record, and the newsletter subscription ends with it. Withdrawing again writes another
 * record (each press is the client's word) and changes nothing else. The answer is the account's view.
 */
export function withdrawMarketingConsent(
  ledger: Pick<ConsentLedger, 'withdrawMarketing' | 'recordsOfClient'>,
) {
  const view = clientConsents(ledger);
  return async (context: WithdrawalContext): Promise<ClientConsents> => {
    await ledger.withdrawMarketing(
      {
        purpose: 'marketing',
        action: 'withdrawn',
        source: 'account',
        clientId: context.clientId,
        email: context.email,
        phone: null,
        reference: null,
        ip: context.ip,
        userAgent: context.userAgent,
      },
      context.email,
    );
    return view(context.clientId, context.email);
  };
}
