import { startServer } from './http/app';

// Entry point of `npm start`: serves the built shop (dist/client) and, as the server grows, /api.
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';

startServer({ port, host }).catch((error: unknown) => {
  console.error('Не удалось запустить сервер:', error);
  process.exit(1);
});
