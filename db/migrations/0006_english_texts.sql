ALTER TABLE "factories" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "description_en" text;--> statement-breakpoint
ALTER TABLE "factory_products" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "factory_products" ADD COLUMN "description_en" text;