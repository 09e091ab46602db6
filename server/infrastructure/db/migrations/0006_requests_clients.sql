-- Back office, part 1 (client requests). A request gets a status (new, in work, waiting for the client,
-- closed), an assignee, the moment an administrator last opened it, the moment the shop first replied,
-- when the client last wrote (the request itself or a message) and since when the client waits for a
-- reply. Messages remember who wrote them. Existing requests start as 'new', unread and waiting.
ALTER TABLE "client_requests" ADD COLUMN IF NOT EXISTS "status" text DEFAULT 'new' NOT NULL;
--> statement-breakpoint
ALTER TABLE "client_requests" ADD COLUMN IF NOT EXISTS "assignee_id" integer REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "client_requests" ADD COLUMN IF NOT EXISTS "admin_read_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "client_requests" ADD COLUMN IF NOT EXISTS "first_reply_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "client_requests" ADD COLUMN IF NOT EXISTS "client_activity_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "client_requests" ADD COLUMN IF NOT EXISTS "awaiting_reply_since" timestamp with time zone;
--> statement-breakpoint
UPDATE "client_requests" AS r SET
  "client_activity_at" = GREATEST(r."created_at", COALESCE(
    (SELECT max(m."created_at") FROM "request_messages" AS m WHERE m."request_id" = r."id" AND m."author" = 'client'),
    r."created_at")),
  "first_reply_at" = (SELECT min(m."created_at") FROM "request_messages" AS m WHERE m."request_id" = r."id" AND m."author" = 'admin')
WHERE r."client_activity_at" IS NULL;
--> statement-breakpoint
UPDATE "client_requests" AS r SET "awaiting_reply_since" = r."client_activity_at"
WHERE r."awaiting_reply_since" IS NULL AND NOT EXISTS (
  SELECT 1 FROM "request_messages" AS m
  WHERE m."request_id" = r."id" AND m."author" = 'admin' AND m."created_at" >= r."client_activity_at");
--> statement-breakpoint
ALTER TABLE "client_requests" ALTER COLUMN "client_activity_at" SET DEFAULT now();
--> statement-breakpoint
ALTER TABLE "client_requests" ALTER COLUMN "client_activity_at" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "client_requests" DROP CONSTRAINT IF EXISTS "client_requests_status_check";
--> statement-breakpoint
ALTER TABLE "client_requests" ADD CONSTRAINT "client_requests_status_check"
  CHECK ("status" IN ('new', 'in_work', 'waiting_client', 'closed'));
--> statement-breakpoint
ALTER TABLE "request_messages" ADD COLUMN IF NOT EXISTS "author_id" integer REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "client_requests_status_idx" ON "client_requests" ("status", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "client_requests_assignee_idx" ON "client_requests" ("assignee_id", "created_at");
--> statement-breakpoint
-- The inbox sorts unread first: unread = never opened, or the client wrote after the last opening.
CREATE INDEX IF NOT EXISTS "client_requests_unread_idx" ON "client_requests"
  ((("admin_read_at" IS NULL OR "admin_read_at" < "client_activity_at")) DESC, "created_at" DESC);
--> statement-breakpoint
-- Helper F1: a request's status/assignee stamp for compare-and-set (two managers must not overwrite
-- each other). Whole milliseconds (the JSON carries ISO milliseconds) and strictly rising, so two
-- changes within one millisecond still differ.
ALTER TABLE "client_requests" ADD COLUMN IF NOT EXISTS "updated_at" timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now());
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "client_requests_stamp_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" IS DISTINCT FROM OLD."status" OR NEW."assignee_id" IS DISTINCT FROM OLD."assignee_id" THEN
    NEW."updated_at" := GREATEST(date_trunc('milliseconds', clock_timestamp()), OLD."updated_at" + interval '1 millisecond');
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "client_requests_stamp_update" ON "client_requests";
--> statement-breakpoint
CREATE TRIGGER "client_requests_stamp_update" BEFORE UPDATE ON "client_requests"
  FOR EACH ROW EXECUTE FUNCTION "client_requests_stamp_update"();
--> statement-breakpoint
-- Helper F1: kopecks refunded from the order's online payments, so `paid` stops being true once the
-- money went back (paid_at alone cannot say it).
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "refunded_amount" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
UPDATE "orders" o SET "refunded_amount" = r."amount"
  FROM (SELECT "order_id", sum("amount") AS "amount" FROM "payment_refunds" GROUP BY "order_id") r
  WHERE r."order_id" = o."id" AND o."refunded_amount" = 0;
