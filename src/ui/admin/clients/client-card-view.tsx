import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { KeyRound, LogOut, ShoppingCart } from 'lucide-react';
import { useEffect } from 'react';
import {
  type ClientCommand,
  clientCardMachineOfShop,
} from '../../../application/admin/clients/client-card.machine';
import type { AdminClientDetail } from '../../../application/ports/admin-clients.port';
import { Button, buttonClassName } from '../../components/button';
import { useUseCase } from '../../shell/shop-context';
import { formatDateTime } from '../admin-format';
import { ConfirmDialog, Notice } from '../admin-ui';
import * as styles from '../admin-ui.css';
import { PageHeader } from '../page-header';
import {
  ClientAccountCard,
  ClientCartCard,
  ClientFavouritesCard,
  ClientOrdersCard,
  ClientRequestsCard,
  ClientTotalsCard,
} from './client-activity-cards';
import { ClientContactsCard } from './client-contacts-card';
import { ClientNotesCard } from './client-notes-card';

const COMMAND_TEXT: Readonly<Record<ClientCommand, { title: string; text: string; confirm: string }>> = {
  endSessions: {
    title: 'Завершить все сеансы?',
    text: 'Клиент выйдет из аккаунта на всех устройствах и должен будет войти заново.',
    confirm: 'Завершить сеансы',
  },
  passwordReset: {
    title: 'Отправить сброс пароля?',
    text: 'Клиенту уйдёт письмо с временным паролем. Сам пароль вы не увидите.',
    confirm: 'Отправить письмо',
  },
};

/**
 * The client card (issue 25, item 9): the screen lays out one card per concern; every card reads the
 * card machine (src/application/admin/clients/client-card.machine.ts) and sends it events.
 */
export function ClientCardView({ client: loaded }: { client: AdminClientDetail }) {
  const card = useActorRef(useUseCase(clientCardMachineOfShop), { input: { client: loaded } });
  useEffect(() => card.send({ type: 'card.loaded', client: loaded }), [card, loaded]);
  const client = useSelector(card, (snapshot) => snapshot.context.client);
  const command = useSelector(card, (snapshot) => snapshot.context.command);
  const confirming = useSelector(card, (snapshot) => snapshot.matches({ command: 'confirming' }));
  const running = useSelector(card, (snapshot) => snapshot.matches({ command: 'running' }));
  const done = useSelector(card, (snapshot) => snapshot.matches({ command: 'done' }));
  const failure = useSelector(card, (snapshot) => snapshot.context.commandFailure);
  const ended = useSelector(card, (snapshot) => snapshot.context.endedSessions);
  const ask = (name: ClientCommand) => card.send({ type: 'command.requested', command: name });
  const texts = command === null ? undefined : COMMAND_TEXT[command];
  return (
    <>
      <PageHeader
        title={client.name ?? client.email}
        crumbs={[{ label: 'Клиенты', to: '/admin/clients' }]}
        subtitle={`Клиент № ${client.id} · с ${formatDateTime(client.createdAt)}`}
        actions={
          <>
            <Link
              to="/admin/orders/new"
              search={{ client: client.id }}
              className={buttonClassName({ size: 's' })}
            >
              <ShoppingCart width={16} height={16} aria-hidden="true" /> Создать заказ
            </Link>
            <Button size="s" variant="secondary" disabled={running} onClick={() => ask('passwordReset')}>
              <KeyRound width={16} height={16} aria-hidden="true" /> Сбросить пароль
            </Button>
            <Button size="s" variant="secondary" disabled={running} onClick={() => ask('endSessions')}>
              <LogOut width={16} height={16} aria-hidden="true" /> Завершить сеансы
            </Button>
          </>
        }
      />
      {failure !== null && !confirming && (
        <Notice tone="error" role="alert">
          {failure}
        </Notice>
      )}
      {done && command !== null && (
        <Notice tone="success" role="status">
          {command === 'endSessions'
            ? `Сеансы завершены${ended === null ? '' : `: ${ended}`}.`
            : 'Письмо с временным паролем отправлено.'}
        </Notice>
      )}
      <div className={styles.twoColumns} style={{ marginTop: '16px' }}>
        <div className={styles.stack}>
          <ClientTotalsCard client={client} />
          <ClientOrdersCard client={client} />
          <ClientCartCard client={client} />
          <ClientRequestsCard client={client} />
        </div>
        <div className={styles.stack}>
          <ClientContactsCard card={card} />
          <ClientNotesCard card={card} />
          <ClientFavouritesCard client={client} />
          <ClientAccountCard client={client} />
        </div>
      </div>
      {confirming && texts !== undefined && (
        <ConfirmDialog
          title={texts.title}
          confirmLabel={texts.confirm}
          destructive
          onConfirm={() => card.send({ type: 'command.confirmed' })}
          onCancel={() => card.send({ type: 'command.cancelled' })}
        >
          <p>{texts.text}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
