CREATE TABLE "exchange_links" (
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"local_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_links_kind_external_id_pk" PRIMARY KEY("kind","external_id")
);
--> statement-breakpoint
CREATE TABLE "exchange_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"sent_version" timestamp(6) with time zone,
	"confirmed_version" timestamp(6) with time zone
);
--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD CONSTRAINT "exchange_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_links_local_key" ON "exchange_links" USING btree ("kind","local_id");