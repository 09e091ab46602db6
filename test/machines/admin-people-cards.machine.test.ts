import { describe, expect, it } from 'vitest';
import { clientCardMachine } from '../../src/application/admin/clients/client-card.machine';
import { requestCardMachine } from '../../src/application/admin/requests/request-card.machine';
import type { AdminClientDetail } from '../../src/application/ports/admin-clients.port';
import type { AdminRequestThread } from '../../src/application/ports/admin-requests.port';
import { afterEvent, doneEvent, errorEvent, unreachableStates } from './support/state-graph';

/** Issue 25: every state of the client and request card machines is reachable from a loaded card. */
const CLIENT: AdminClientDetail = {
  id: 9,
  email: 'anna@example.ru',
  name: 'Анна',
  phone: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  lastSeenAt: null,
  ordersCount: 0,
  requestsCount: 0,
  mustChangePassword: false,
  sessionsCount: 1,
  subscription: null,
  orders: [],
  requests: [],
  favourites: [],
  cart: [],
  totals: { orders: 0, spent: 0, averageCheque: null },
  notes: '',
  tags: [],
};

const THREAD: AdminRequestThread = {
  id: 4,
  kind: 'feedback',
  status: 'new',
  subject: 'Вопрос',
  excerpt: 'Когда?',
  email: null,
  phone: null,
  clientId: null,
  clientName: null,
  assignee: null,
  unread: false,
  hasAttachment: false,
  messagesCount: 0,
  createdAt: '2026-11-23T09:00:00.000Z',
  firstReplyAt: null,
  lastMessageAt: '2026-11-23T09:00:00.000Z',
  waitingSince: null,
  text: 'Когда?',
  attachment: null,
  messages: [],
};

describe('client card machine', () => {
  it('reaches every state', () => {
    const events = [
      { type: 'contacts.edited', patch: { name: 'Анна Петрова' } },
      { type: 'contacts.submitted' },
      doneEvent('saveContacts', { ...CLIENT, name: 'Анна Петрова' }),
      errorEvent('saveContacts'),
      afterEvent('savedNotice', 'clientCard.contacts.saved'),
      { type: 'notes.edited', patch: { notes: 'Дизайнер' } },
      { type: 'notes.submitted' },
      doneEvent('saveNotes', { ...CLIENT, notes: 'Дизайнер' }),
      errorEvent('saveNotes'),
      afterEvent('savedNotice', 'clientCard.notes.saved'),
      { type: 'command.requested', command: 'endSessions' },
      { type: 'command.confirmed' },
      { type: 'command.cancelled' },
      doneEvent('runCommand', 1),
      errorEvent('runCommand'),
      { type: 'command.dismissed' },
    ];
    expect(
      unreachableStates(clientCardMachine, {
        events: events as never[],
        input: { client: CLIENT },
      }),
    ).toEqual([]);
  });
});

describe('request card machine', () => {
  it('reaches every state', () => {
    const events = [
      { type: 'reply.edited', text: 'Привезём в пятницу' },
      { type: 'reply.submitted' },
      doneEvent('sendReply', THREAD),
      errorEvent('sendReply'),
      afterEvent('savedNotice', 'requestCard.reply.sent'),
      { type: 'triage.edited', patch: { status: 'closed' } },
      { type: 'triage.submitted' },
      doneEvent('saveTriage', { ...THREAD, status: 'closed' }),
      errorEvent('saveTriage'),
      afterEvent('savedNotice', 'requestCard.triage.saved'),
    ];
    expect(
      unreachableStates(requestCardMachine, {
        events: events as never[],
        input: { thread: THREAD },
      }),
    ).toEqual([]);
  });
});
