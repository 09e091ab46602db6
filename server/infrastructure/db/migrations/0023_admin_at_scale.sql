CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_sku_trgm_idx" ON "products" USING gin (lower("sku") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_slug_trgm_idx" ON "products" USING gin ("slug" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_live_created_idx" ON "products" USING btree ("created_at","id") WHERE "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_live_category_idx" ON "products" USING btree ("category_id") WHERE "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_live_name_idx" ON "products" USING btree ("name","id") WHERE "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_live_stock_idx" ON "products" USING btree ("stock","id") WHERE "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_hidden_idx" ON "products" USING btree ("created_at","id") WHERE "products"."hidden";--> statement-breakpoint
CREATE INDEX "products_badge_idx" ON "products" USING btree ("badge","created_at") WHERE "products"."badge" IS NOT NULL;