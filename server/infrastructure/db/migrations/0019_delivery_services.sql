CREATE TABLE "delivery_tariffs" (
	"version" integer PRIMARY KEY NOT NULL,
	"document" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by" integer
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "item_class" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "packed_width" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "packed_depth" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "packed_height" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "packed_weight" real;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "packed_boxes" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "assembly_available" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_zone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_km_beyond_kad" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "services" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_tariffs" ADD CONSTRAINT "delivery_tariffs_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;