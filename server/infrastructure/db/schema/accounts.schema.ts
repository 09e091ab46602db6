import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Accounts, sessions, rate-limit buckets and notification read markers (docs/security.md).
 * A client's `clientId` is its users.id; an administrator is a users row with role 'admin'.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Lower-cased, trimmed: one account per mailbox. */
    email: text('email').notNull(),
    role: text('role').$type<'user' | 'admin'>().notNull().default('user'),
    name: text('name'),
    phone: text('phone'),
    /** Argon2id PHC string; null for an account that has only ever had a temporary password. */
    passwordHash: text('password_hash'),
    /** The e-mailed temporary password (hashed); cleared when used, so it works once. */
    tempPasswordHash: text('temp_password_hash'),
    tempPasswordIssuedAt: timestamp('temp_password_issued_at', { withTimezone: true, mode: 'date' }),
    /** Signed in with a temporary password and has not set a permanent one yet. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_key').on(table.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value (hex): a database leak yields no usable session. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'admin'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Token buckets of rate-limit.ts, shared by every API process through the database. */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  updatedAtMs: bigint('updated_at_ms', { mode: 'number' }).notNull(),
});

/** When a client last reset each notification counter (orders, requests, promos). */
export const notificationResets = pgTable(
  'notification_resets',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<'orders' | 'requests' | 'promos'>().notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.type] })],
);

/** Promo updates addressed to a client (the subscription code today); they feed promoUpdates. */
export const clientPromoNotices = pgTable(
  'client_promo_notices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    promoCode: text('promo_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('client_promo_notices_client_idx').on(table.clientId, table.createdAt)],
);

export const subscriptions = pgTable('subscriptions', {
  email: text('email').primaryKey(),
  clientId: integer('client_id').references(() => users.id, { onDelete: 'set null' }),
  promoCode: text('promo_code').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
