CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Cross-process invalidation (docs/decisions/014-verified-list-cached-one-second.md): every
-- committed change of a place or of its reviews tells every listening process which place changed.
-- PostgreSQL delivers notifications at commit and folds identical ones of one transaction into one.
CREATE OR REPLACE FUNCTION sendero_notify_place_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  place_id uuid;
BEGIN
  IF TG_TABLE_NAME = 'places' THEN
    IF TG_OP = 'DELETE' THEN place_id := OLD.id; ELSE place_id := NEW.id; END IF;
  ELSE
    IF TG_OP = 'DELETE' THEN place_id := OLD.id_place; ELSE place_id := NEW.id_place; END IF;
  END IF;
  PERFORM pg_notify('sendero_places', place_id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER places_notify_change AFTER INSERT OR UPDATE OR DELETE ON places
  FOR EACH ROW EXECUTE FUNCTION sendero_notify_place_change();
--> statement-breakpoint
CREATE TRIGGER ratings_notify_change AFTER INSERT OR UPDATE OR DELETE ON ratings
  FOR EACH ROW EXECUTE FUNCTION sendero_notify_place_change();
