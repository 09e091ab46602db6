DROP INDEX "payment_refunds_payment_key";--> statement-breakpoint
DROP INDEX "payment_receipts_payment_kind_key";--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "kind" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "lines" jsonb;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "receipt" jsonb;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "actor_id" integer;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_receipts_refund_key" ON "payment_receipts" USING btree ("refund_id") WHERE "payment_receipts"."refund_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_one_full_key" ON "payment_refunds" USING btree ("payment_id") WHERE "payment_refunds"."kind" = 'full';--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_receipts_payment_kind_key" ON "payment_receipts" USING btree ("payment_id","kind") WHERE "payment_receipts"."refund_id" IS NULL;