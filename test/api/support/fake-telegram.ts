import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Telegram Bot API on 127.0.0.1 (https://core.telegram.org/bots/api): it
 * answers getMe, sendMessage and setWebhook at /bot<token>/<method> as Telegram does, records what it
 * was asked, and can be taken down (every call answers 502, as Telegram's front does when it is
 * unreachable behind it) and brought back.
 */
interface SentMessage {
  readonly chatId: string;
  readonly text: string;
}

export interface FakeTelegram {
  /** The apiRoot to give grammy (TELEGRAM_API_ROOT). */
  readonly apiRoot: string;
  readonly username: string;
  readonly sent: SentMessage[];
  readonly webhooks: { url: string; secretToken: string }[];
  /** Calls answered with a failure while down. */
  failedCalls(): number;
  setDown(down: boolean): void;
  /** Chats whose user blocked the bot: sendMessage answers 403 as Telegram does. */
  readonly blockedChats: Set<string>;
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const answer = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

export async function startFakeTelegram(token: string): Promise<FakeTelegram> {
  const sent: SentMessage[] = [];
  const webhooks: { url: string; secretToken: string }[] = [];
  const username = 'domistil_alerts_bot';
  let down = false;
  let failed = 0;
  let messageId = 0;
  const blockedChats = new Set<string>();
  const server: Server = createServer(async (request, response) => {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
    const raw = await readBody(request);
    if (!match || match[1] !== token) {
      answer(response, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      return;
    }
    if (down) {
      failed += 1;
      answer(response, 502, { ok: false, error_code: 502, description: 'Bad Gateway' });
      return;
    }
    const params = (raw === '' ? {} : JSON.parse(raw)) as Record<string, unknown>;
    switch (match[2]) {
      case 'getMe':
        answer(response, 200, {
          ok: true,
          result: { id: 700_000_001, is_bot: true, first_name: 'Дом и Стиль', username },
        });
        return;
      case 'setWebhook':
        webhooks.push({ url: String(params.url), secretToken: String(params.secret_token) });
        answer(response, 200, { ok: true, result: true, description: 'Webhook was set' });
        return;
      case 'sendMessage': {
        messageId += 1;
        const chatId = String(params.chat_id);
        const text = String(params.text);
        if (blockedChats.has(chatId)) {
          answer(response, 403, {
            ok: false,
            error_code: 403,
            description: 'Forbidden: bot was blocked by the user',
          });
          return;
        }
        sent.push({ chatId, text });
        answer(response, 200, {
          ok: true,
          result: {
            message_id: messageId,
            date: Math.floor(Date.now() / 1000),
            chat: { id: Number(chatId), type: 'private' },
            text,
          },
        });
        return;
      }
      default:
        answer(response, 404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    apiRoot: `http://127.0.0.1:${port}`,
    username,
    sent,
    webhooks,
    failedCalls: () => failed,
    blockedChats,
    setDown: (value) => {
      down = value;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
