-- Mail outbox: every e-mail is a row first; a worker sends due rows with retries (docs/operations.md).
CREATE TABLE IF NOT EXISTS "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"template" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at_ms" bigint NOT NULL,
	"last_error" text,
	"created_at_ms" bigint NOT NULL,
	"sent_at_ms" bigint,
	CONSTRAINT "mail_outbox_status_check" CHECK ("status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at_ms") WHERE "status" = 'pending';
--> statement-breakpoint
-- Progressive login delays: failures per key (address, address + account, device + account, account).
CREATE TABLE IF NOT EXISTS "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at_ms" bigint NOT NULL,
	"blocked_until_ms" bigint NOT NULL
);
--> statement-breakpoint
-- Secrets the server generates once and every process shares (the device-cookie HMAC key).
CREATE TABLE IF NOT EXISTS "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
