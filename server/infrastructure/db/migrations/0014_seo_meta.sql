ALTER TABLE "seo_texts" ADD COLUMN "meta_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "seo_texts" ADD COLUMN "meta_description" text DEFAULT '' NOT NULL;