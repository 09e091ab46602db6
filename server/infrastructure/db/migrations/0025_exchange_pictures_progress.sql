CREATE TABLE "exchange_pictures" (
	"product_id" integer NOT NULL,
	"source" text NOT NULL,
	"content_hash" text NOT NULL,
	"image_key" text NOT NULL,
	CONSTRAINT "exchange_pictures_product_id_source_pk" PRIMARY KEY("product_id","source")
);
--> statement-breakpoint
CREATE TABLE "exchange_progress" (
	"type" text NOT NULL,
	"file_name" text NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"prices_changed" integer DEFAULT 0 NOT NULL,
	"stocks_changed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exchange_progress_type_file_name_pk" PRIMARY KEY("type","file_name")
);
--> statement-breakpoint
ALTER TABLE "exchange_pictures" ADD CONSTRAINT "exchange_pictures_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;