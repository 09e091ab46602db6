import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { StaffRole } from '../../../../shared-rules/staff-role-rule';

/**
 * Accounts, sessions, rate-limit buckets and notification read markers (docs/security.md).
 * A client's `clientId` is its users.id; a staff member (docs/staff.md) is a users row with role 'admin'
 * and a `staff_role`; their users.id is the staff id other modules key on (alerts, assignees, the audit).
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
    /** Staff only (role 'admin'): owner, manager or content editor (shared-rules/staff-role-rule.ts). */
    staffRole: text('staff_role').$type<StaffRole>(),
    /** A blocked staff member cannot sign in; their sessions were deleted when this was set. */
    blockedAt: timestamp('blocked_at', { withTimezone: true, mode: 'date' }),
    /** The TOTP secret, encrypted with the server's secret (AES-256-GCM, `v1.<iv>.<tag>.<data>`). */
    totpSecret: text('totp_secret'),
    /** Set once the staff member confirmed a code: from then on sign-in asks for one. */
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
    /** SHA-256 hashes of the unused one-time recovery codes. */
    totpRecoveryHashes: jsonb('totp_recovery_hashes').$type<string[]>(),
    /** The last accepted TOTP time step: a code works once (no replay within its window). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
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
