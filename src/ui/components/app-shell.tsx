import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import * as styles from './app-shell.css';

export function AppShell({ children }: { children: ReactNode }) {
  return (
    <>
      <header className={styles.header}>
        <Link to="/" className={styles.logo}>
          Дом и Стиль
        </Link>
        <span>Пн–Вс: 10:00 – 20:00</span>
      </header>
      <main className={styles.main}>{children}</main>
      <footer className={styles.footer}>Санкт-Петербург, Невский пр-т 100</footer>
    </>
  );
}
