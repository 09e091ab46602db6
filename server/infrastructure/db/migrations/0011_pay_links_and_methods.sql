ALTER TABLE "orders" ADD COLUMN "online_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_link_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;