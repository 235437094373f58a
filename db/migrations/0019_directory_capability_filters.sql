CREATE INDEX "factories_directory_newest_idx" ON "factories" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "factories"."in_directory";--> statement-breakpoint
CREATE INDEX "factories_directory_verified_idx" ON "factories" USING btree (("verified_at" is not null) desc,"completeness" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "factories"."in_directory";--> statement-breakpoint
CREATE INDEX "factories_directory_min_order_idx" ON "factories" USING btree ("min_order") WHERE "factories"."in_directory";--> statement-breakpoint
CREATE INDEX "factories_directory_capacity_idx" ON "factories" USING btree ("monthly_capacity") WHERE "factories"."in_directory";--> statement-breakpoint
CREATE INDEX "factories_directory_lead_time_idx" ON "factories" USING btree ("lead_time_days") WHERE "factories"."in_directory";--> statement-breakpoint
CREATE INDEX "factories_directory_services_idx" ON "factories" USING gin ("services") WHERE "factories"."in_directory";--> statement-breakpoint
CREATE INDEX "factories_directory_materials_idx" ON "factories" USING gin ("materials") WHERE "factories"."in_directory";--> statement-breakpoint
CREATE INDEX "factories_directory_markets_idx" ON "factories" USING gin ("export_markets") WHERE "factories"."in_directory";--> statement-breakpoint
CREATE INDEX "factories_directory_languages_idx" ON "factories" USING gin ("languages") WHERE "factories"."in_directory";--> statement-breakpoint
ALTER TABLE "tenders" DROP COLUMN "tech_pack";