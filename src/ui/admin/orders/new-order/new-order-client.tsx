import { useActorRef, useSelector } from '@xstate/react';
import type { NewOrderDraft } from '../../../../application/admin/orders/create-order';
import { findClients } from '../../../../application/admin/orders/find-clients.query';
import { contactErrors } from '../../../../application/admin/orders/order-drafts';
import type { AdminClientSummary } from '../../../../application/ports/admin-clients.port';
import { Button } from '../../../components/button';
import { phoneFieldValue } from '../../../components/phone-field-mask';
import { useUseCase } from '../../../shell/shop-context';
import { Card, Notice } from '../../admin-ui';
import * as styles from '../../admin-ui.css';
import { FinderBox } from '../../finder-box';
import { phoneText } from '../../phone-text';
import type { AdminFormView } from '../../use-admin-form';
import { ContactFields } from '../contact-fields';

/** The order's client chosen before the screen opened (the client card's «Создать заказ», ?client=). */
export interface NewOrderClient {
  readonly id: number;
  readonly name: string | null;
  readonly phone: string | null;
  readonly email: string;
}

/** The draft's client and contact once a client is chosen (found here or passed by the client card). */
export const chosenClient = (client: NewOrderClient): Partial<NewOrderDraft> => ({
  clientId: client.id,
  clientLabel: client.name ?? client.email,
  name: client.name ?? '',
  phone: phoneFieldValue(client.phone),
  email: client.email,
});

function isClientList(value: unknown): value is readonly AdminClientSummary[] {
  return Array.isArray(value);
}

/** Finds an existing client by phone, e-mail or name (find-clients.query.ts). */
function ClientFinder({ onPick }: { onPick: (client: AdminClientSummary) => void }) {
  const finder = useActorRef(useUseCase(findClients));
  const found = useSelector(finder, (snapshot) => snapshot.context.output);
  const running = useSelector(finder, (snapshot) => snapshot.matches('running'));
  const failed = useSelector(finder, (snapshot) => snapshot.matches('failed'));
  const clients = isClientList(found) ? found : null;
  return (
    <div className={styles.stackSmall}>
      <FinderBox
        label="Телефон, e-mail или имя клиента"
        placeholder="Телефон, e-mail или имя"
        buttonLabel="Найти клиента"
        busy={running}
        onFind={(q) =>
          finder.send({ type: 'command.requested', command: { name: 'client.search', args: { q } } })
        }
      />
      {failed && <Notice tone="error">Поиск не удался. Попробуйте ещё раз.</Notice>}
      {clients !== null &&
        (clients.length === 0 ? (
          <p className={styles.muted}>Клиент не найден — заполните контакты ниже, и аккаунт будет создан.</p>
        ) : (
          <ul className={styles.dialogList} aria-label="Найденные клиенты">
            {clients.map((client) => (
              <li key={client.id} className={styles.dialogItem}>
                <span>
                  {client.name ?? client.email}{' '}
                  <span className={styles.muted}>
                    · {client.email}
                    {client.phone ? ` · ${phoneText(client.phone)}` : ''}
                  </span>
                </span>
                <Button size="s" variant="ghost" onClick={() => onPick(client)}>
                  Выбрать
                </Button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}

/** «Клиент»: a found client or a new one, and the order's contact. */
export function NewOrderClientSection({ form }: { form: AdminFormView<NewOrderDraft> }) {
  const draft = form.draft;
  return (
    <Card title="Клиент">
      <div className={styles.stack}>
        {draft.clientId === null ? (
          <ClientFinder onPick={(client) => form.edit(chosenClient(client))} />
        ) : (
          <div className={styles.rowBetween}>
            <span>
              Клиент: <span className={styles.strong}>{draft.clientLabel}</span>
            </span>
            <Button size="s" variant="ghost" onClick={() => form.edit({ clientId: null, clientLabel: '' })}>
              Другой клиент
            </Button>
          </div>
        )}
        <div className={styles.formGrid}>
          <ContactFields
            draft={draft}
            errors={form.showErrors ? contactErrors(draft) : {}}
            readOnly={form.status === 'saving'}
            onEdit={form.edit}
          />
        </div>
      </div>
    </Card>
  );
}
