-- A revoked token or a token version moves the seats of every campaign of its player in one
-- UPDATE, which takes the rows' locks in whatever order it finds them: two such changes for two
-- players sharing campaigns could each hold a row the other waits for (a deadlock, and one of
-- them refused). The rows are now locked in the campaigns' order first.
CREATE OR REPLACE FUNCTION "seats_moved_for_user"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "who" uuid := (to_jsonb(NEW) ->> TG_ARGV[0])::uuid;
BEGIN
  PERFORM 1 FROM "game_snapshots" s
   WHERE s."campaign_id" IN (SELECT m."campaign_id" FROM "memberships" m WHERE m."user_id" = "who"
                             UNION SELECT t."campaign_id" FROM "tribes" t WHERE t."user_id" = "who")
   ORDER BY s."campaign_id" FOR UPDATE;
  UPDATE "game_snapshots" s SET "seats_version" = s."seats_version" + 1
   WHERE s."campaign_id" IN (SELECT m."campaign_id" FROM "memberships" m WHERE m."user_id" = "who"
                             UNION SELECT t."campaign_id" FROM "tribes" t WHERE t."user_id" = "who");
  RETURN NULL;
END $$;
