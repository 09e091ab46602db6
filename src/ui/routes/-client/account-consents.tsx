import { useActorRef, useSelector } from '@xstate/react';
import {
  CONSENT_ACTION_LABELS,
  CONSENT_DOCUMENT_TITLES,
  CONSENT_PURPOSE_LABELS,
  CONSENT_SOURCE_LABELS,
} from '../../../../shared-rules/consent-rule';
import { accountConsents } from '../../../application/consents/account-consents.machine';
import { Button } from '../../components/button';
import { useUseCase } from '../../shell/shop-context';
import * as layout from './client.css';
import { formatOrderDate } from './order-presentation';

/**
 * The account's «Согласия» (issue 26, item 3; docs/privacy.md): whether advertising mail is on, the
 * button that withdraws it (stored as a record, the subscription ends), and every consent record.
 */
export function ConsentsTab() {
  const actor = useActorRef(useUseCase(accountConsents));
  const consents = useSelector(actor, (snapshot) => snapshot.context.consents);
  const message = useSelector(actor, (snapshot) => snapshot.context.message);
  const failed = useSelector(actor, (snapshot) => snapshot.matches('failed'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy') || snapshot.matches('loading'));
  return (
    <section className={layout.card} aria-label="Согласия">
      <div className={layout.stack}>
        <h2 className={layout.subtitle}>Согласия</h2>
        {failed ? (
          <>
            <p className={layout.notice.error} role="alert">
              {message}
            </p>
            <Button variant="secondary" size="s" onClick={() => actor.send({ type: 'consents.retried' })}>
              Повторить
            </Button>
          </>
        ) : consents === null ? (
          <p className={layout.muted} aria-busy="true">
            Загружаем…
          </p>
        ) : (
          <>
            <p>
              {CONSENT_DOCUMENT_TITLES.marketing}:{' '}
              <strong>{consents.marketing ? 'действует' : 'не дано или отозвано'}</strong>.
            </p>
            {consents.marketing && (
              <Button
                variant="secondary"
                size="s"
                disabled={busy}
                aria-busy={busy}
                onClick={() => actor.send({ type: 'consents.withdrawRequested' })}
              >
                Отозвать согласие на рассылки
              </Button>
            )}
            {message !== null && (
              <p className={layout.notice.error} role="alert">
                {message}
              </p>
            )}
            {consents.records.length === 0 ? (
              <p className={layout.muted}>Записей о согласиях пока нет.</p>
            ) : (
              <ul className={layout.stack} aria-label="Записи о согласиях">
                {consents.records.map((record) => (
                  <li key={`${record.at}-${record.purpose}-${record.action}`}>
                    {formatOrderDate(record.at)} · {CONSENT_PURPOSE_LABELS[record.purpose]} ·{' '}
                    {CONSENT_ACTION_LABELS[record.action]} ·{' '}
                    {CONSENT_SOURCE_LABELS[record.source] ?? record.source}{' '}
                    <span className={layout.muted}>(редакция {record.documentVersion})</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </section>
  );
}
