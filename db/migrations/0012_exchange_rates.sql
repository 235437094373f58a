CREATE TABLE "exchange_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"usd_per_unit" numeric(24, 12) NOT NULL,
	"rate_date" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_positive_check" CHECK ("exchange_rates"."usd_per_unit" > 0)
);
--> statement-breakpoint
-- hand-written below
-- Demo rates (US dollars per unit) so that quotes compare out of the box; an admin replaces them
-- with `npm run admin -- rates set CODE RATE [DATE]`.
INSERT INTO "exchange_rates" ("currency", "usd_per_unit", "rate_date") VALUES
	('USD', 1, '2026-11-01T00:00:00Z'),
	('EUR', 1.08, '2026-11-01T00:00:00Z'),
	('RUB', 0.011, '2026-11-01T00:00:00Z'),
	('KZT', 0.002, '2026-11-01T00:00:00Z'),
	('KGS', 0.0115, '2026-11-01T00:00:00Z'),
	('UZS', 0.00008, '2026-11-01T00:00:00Z'),
	('TJS', 0.092, '2026-11-01T00:00:00Z'),
	('TMT', 0.2857, '2026-11-01T00:00:00Z'),
	('UAH', 0.024, '2026-11-01T00:00:00Z'),
	('BYN', 0.3, '2026-11-01T00:00:00Z'),
	('AZN', 0.588, '2026-11-01T00:00:00Z'),
	('AMD', 0.0026, '2026-11-01T00:00:00Z'),
	('GEL', 0.37, '2026-11-01T00:00:00Z'),
	('MDL', 0.056, '2026-11-01T00:00:00Z')
ON CONFLICT ("currency") DO NOTHING;
