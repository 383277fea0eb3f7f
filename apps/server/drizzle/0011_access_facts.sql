-- Access facts (docs/product.md#access-facts): the highest point, the entry fee, who may enter, the daily
-- quota, the months closed, their source and the day they were last checked. Existing places know none.
ALTER TABLE "places" ADD COLUMN "altitude_m" integer;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "fee_pen" numeric(7, 2);--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "access" text;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "daily_quota" integer;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "closed_months" smallint[] DEFAULT '{}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "facts_source" text;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "facts_checked_on" date;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_access_check" CHECK ("places"."access" is null or "places"."access" in ('libre', 'boleto', 'boleto_en_linea', 'con_guia', 'solo_agencia', 'permiso_con_cupo'));
