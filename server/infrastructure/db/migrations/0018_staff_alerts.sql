CREATE TABLE "staff_alert_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint,
	"user_id" integer,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at_ms" bigint NOT NULL,
	"last_error" text,
	"created_at_ms" bigint NOT NULL,
	"sent_at_ms" bigint,
	CONSTRAINT "staff_alert_deliveries_status_check" CHECK ("staff_alert_deliveries"."status" IN ('pending', 'sent', 'failed')),
	CONSTRAINT "staff_alert_deliveries_channel_check" CHECK ("staff_alert_deliveries"."channel" IN ('email', 'telegram'))
);
--> statement-breakpoint
CREATE TABLE "staff_alert_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at_ms" bigint NOT NULL,
	"dispatched_at_ms" bigint,
	CONSTRAINT "staff_alert_events_status_check" CHECK ("staff_alert_events"."status" IN ('pending', 'dispatched'))
);
--> statement-breakpoint
CREATE TABLE "staff_alert_preferences" (
	"user_id" integer NOT NULL,
	"event" text NOT NULL,
	"channel" text NOT NULL,
	CONSTRAINT "staff_alert_preferences_user_id_event_channel_pk" PRIMARY KEY("user_id","event","channel"),
	CONSTRAINT "staff_alert_preferences_channel_check" CHECK ("staff_alert_preferences"."channel" IN ('email', 'telegram'))
);
--> statement-breakpoint
CREATE TABLE "staff_telegram_chats" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL,
	"linked_at_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_telegram_link_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at_ms" bigint NOT NULL,
	"used_at_ms" bigint
);
--> statement-breakpoint
ALTER TABLE "staff_alert_deliveries" ADD CONSTRAINT "staff_alert_deliveries_event_id_staff_alert_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."staff_alert_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_alert_deliveries" ADD CONSTRAINT "staff_alert_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_alert_preferences" ADD CONSTRAINT "staff_alert_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_telegram_chats" ADD CONSTRAINT "staff_telegram_chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_telegram_link_tokens" ADD CONSTRAINT "staff_telegram_link_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_alert_deliveries_due_idx" ON "staff_alert_deliveries" USING btree ("next_attempt_at_ms") WHERE "staff_alert_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "staff_alert_deliveries_once_key" ON "staff_alert_deliveries" USING btree ("event_id","channel","recipient");--> statement-breakpoint
CREATE INDEX "staff_alert_events_pending_idx" ON "staff_alert_events" USING btree ("id") WHERE "staff_alert_events"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "staff_alert_events_dedupe_key" ON "staff_alert_events" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "staff_telegram_link_tokens_user_idx" ON "staff_telegram_link_tokens" USING btree ("user_id");--> statement-breakpoint
-- Alerts to staff (docs/alerts.md): each event writes its alert in its own transaction, whatever code
-- path made it (checkout, the back office's «Создать заказ», a payment notification, an import). The
-- alert worker delivers them later; a trigger never reaches the network, so an alert never fails or
-- slows the shopper's request. raise_staff_alert is also the entry for events raised from code (a
-- delivery day filling up): a repeated dedupe key is a no-op.
CREATE FUNCTION "raise_staff_alert"("alert_kind" text, "alert_payload" jsonb, "alert_dedupe_key" text DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "staff_alert_events" ("kind", "payload", "dedupe_key", "created_at_ms")
  VALUES ("alert_kind", "alert_payload", "alert_dedupe_key",
          (extract(epoch FROM clock_timestamp()) * 1000)::bigint)
  ON CONFLICT ("dedupe_key") DO NOTHING;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "staff_alert_order_created"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "raise_staff_alert"('order_created', jsonb_build_object(
    'orderId', NEW."id", 'total', NEW."total", 'contactName', NEW."contact_name"));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_staff_alert" AFTER INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "staff_alert_order_created"();
--> statement-breakpoint
CREATE FUNCTION "staff_alert_request_created"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "raise_staff_alert"('request_created', jsonb_build_object(
    'requestId', NEW."id", 'kind', NEW."kind", 'subject', NEW."subject"));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "client_requests_staff_alert" AFTER INSERT ON "client_requests"
  FOR EACH ROW EXECUTE FUNCTION "staff_alert_request_created"();
--> statement-breakpoint
CREATE FUNCTION "staff_alert_request_reply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "raise_staff_alert"('request_reply', jsonb_build_object(
    'requestId', NEW."request_id",
    'subject', (SELECT "subject" FROM "client_requests" WHERE "id" = NEW."request_id")));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "request_messages_staff_alert" AFTER INSERT ON "request_messages"
  FOR EACH ROW WHEN (NEW."author" = 'client') EXECUTE FUNCTION "staff_alert_request_reply"();
--> statement-breakpoint
-- Money the order counts (pending → succeeded); money refunded at once as unexpected is not «received».
CREATE FUNCTION "staff_alert_payment_received"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "raise_staff_alert"('payment_received', jsonb_build_object(
    'orderId', NEW."order_id", 'amount', NEW."amount",
    'total', (SELECT "total" FROM "orders" WHERE "id" = NEW."order_id")));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_staff_alert_received" AFTER UPDATE OF "status" ON "payments"
  FOR EACH ROW WHEN (OLD."status" = 'pending' AND NEW."status" = 'succeeded')
  EXECUTE FUNCTION "staff_alert_payment_received"();
--> statement-breakpoint
-- The provider's «canceled» for a payment still pending: the shopper's payment failed. A payment the
-- shop voided itself (an order cancelled) is no longer pending, so it raises nothing; a replayed
-- notification is not recorded twice (payment_events' unique key), so it raises nothing either.
CREATE FUNCTION "staff_alert_payment_failed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "failed" record;
BEGIN
  SELECT p."order_id", p."amount", o."total" INTO "failed"
    FROM "payments" p JOIN "orders" o ON o."id" = p."order_id"
    WHERE p."id" = NEW."payment_id" AND p."status" = 'pending';
  IF FOUND THEN
    PERFORM "raise_staff_alert"('payment_failed', jsonb_build_object(
      'orderId', "failed"."order_id", 'amount', "failed"."amount", 'total', "failed"."total"));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "payment_events_staff_alert_failed" AFTER INSERT ON "payment_events"
  FOR EACH ROW WHEN (NEW."outcome" = 'cancelled') EXECUTE FUNCTION "staff_alert_payment_failed"();
