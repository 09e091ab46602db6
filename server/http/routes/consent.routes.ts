import { getClientConsents, withdrawMarketingConsent } from '../../../api/consents';
import { clientConsents } from '../../application/consent/client-consents';
import type { ConsentLedger } from '../../application/consent/consent-ledger.port';
import { recordFormConsent } from '../../application/consent/record-form-consent';
import { withdrawMarketingConsent as withdrawMarketing } from '../../application/consent/withdraw-marketing-consent';
import { storedUserAgent } from '../../domain/consent-ledger';
import type { RouteModule } from '../app';
import { CONSENT_FORMS, type ConsentForm } from './consent-forms';
import { callerOf, denied, ipOf, type SessionSettings } from './session.hooks';

const record = (value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/**
 * 152-FZ consents (issue 26, item 3; docs/privacy.md). The forms of CONSENT_FORMS keep their own
 * routes; this module writes their consent records in one place: a `preSerialization` hook sees a
 * form's successful answer before it is sent and writes the records first, so an answer that says
 * «done» always has its consent stored (a failed write fails the answer). The account reads and
 * withdraws the marketing consent.
 */
export function consentRoutes(settings: SessionSettings, ledger: ConsentLedger): RouteModule {
  const formsByRoute = new Map<string, ConsentForm>(
    CONSENT_FORMS.map((form) => [`${form.endpoint.method} ${form.endpoint.path}`, form]),
  );
  const recordConsent = recordFormConsent(ledger);
  const view = clientConsents(ledger);
  const withdraw = withdrawMarketing(ledger);
  return {
    name: 'consents',
    register(app, router) {
      app.addHook('preSerialization', async (request, reply, payload) => {
        if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
        const form = formsByRoute.get(`${request.method} ${request.routeOptions.url}`);
        if (form === undefined) return payload;
        const answer = record(payload);
        const caller = await callerOf(request, settings);
        const subject = form.subject(
          record(request.body),
          answer,
          caller.kind === 'client' ? caller.clientId : null,
        );
        await recordConsent({
          source: form.source,
          purposes: form.purposes(answer),
          ...subject,
          ip: ipOf(request, settings),
          userAgent: storedUserAgent(request.headers['user-agent']),
        });
        return payload;
      });

      router.route(getClientConsents, async ({ raw }) => {
        const caller = await callerOf(raw, settings);
        if (caller.kind !== 'client') return denied(caller.kind === 'anonymous' ? 401 : 403);
        return view(caller.clientId, caller.email);
      });
      router.route(withdrawMarketingConsent, async ({ raw }) => {
        const caller = await callerOf(raw, settings);
        if (caller.kind !== 'client') return denied(caller.kind === 'anonymous' ? 401 : 403);
        return withdraw({
          clientId: caller.clientId,
          email: caller.email,
          ip: ipOf(raw, settings),
          userAgent: storedUserAgent(raw.headers['user-agent']),
        });
      });
    },
  };
}
