import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';

/**
 * Local SMTP stand-ins for the mail-outage tests, on 127.0.0.1: one that speaks just enough of
 * RFC 5321 to accept plain-text messages, and one that accepts the connection and never answers.
 */
export interface SmtpStandIn {
  readonly received: string[];
  close(): Promise<void>;
}

const listen = (server: Server, port: number): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });

const closeServer = (server: Server, sockets: Set<Socket>): Promise<void> => {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
};

export async function acceptingSmtp(port: number): Promise<SmtpStandIn> {
  const received: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let inData = false;
    let buffer = '';
    let message = '';
    socket.write('220 fake.smtp ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index = buffer.indexOf('\r\n');
      while (index >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(message);
            message = '';
            socket.write('250 OK queued\r\n');
          } else message += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250-fake.smtp\r\n250 8BITMIME\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) {
          socket.write('221 bye\r\n');
          socket.end();
        } else socket.write('250 OK\r\n');
        index = buffer.indexOf('\r\n');
      }
    });
  });
  await listen(server, port);
  return { received, close: () => closeServer(server, sockets) };
}

/** Accepts connections and never says a word (a hung mail server). */
export async function hangingSmtp(
  port: number,
): Promise<SmtpStandIn & { readonly connections: () => number }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await listen(server, port);
  return { received: [], connections: () => connections, close: () => closeServer(server, sockets) };
}
