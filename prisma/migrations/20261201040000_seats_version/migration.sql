-- What a player's order must find still true of its caller (#32: their tribe, their membership
-- and no game master role, their login's token version, their token not revoked) changes
-- rarely, and each order checked it with four lookups in five tables (#52). Whatever changes one
-- of those facts now moves its campaign's seats_version, in the same transaction: an order built
-- on a remembered campaign is saved only while seats_version is the one its read found, and a
-- caller's token is remembered with their tribe (the read checked it). A fact moved behind an
-- instance's back then sends its next order back to the read, as before.
ALTER TABLE "game_snapshots" ADD COLUMN "seats_version" INTEGER NOT NULL DEFAULT 0;

CREATE FUNCTION "seats_moved_in_campaign"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "game_snapshots" SET "seats_version" = "seats_version" + 1 WHERE "campaign_id" = OLD."campaign_id";
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."campaign_id" IS DISTINCT FROM OLD."campaign_id") THEN
    UPDATE "game_snapshots" SET "seats_version" = "seats_version" + 1 WHERE "campaign_id" = NEW."campaign_id";
  END IF;
  RETURN NULL;
END $$;

-- The user's column is the trigger's argument: "user_id" of a revoked token, "id" of a user.
CREATE FUNCTION "seats_moved_for_user"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "who" uuid := (to_jsonb(NEW) ->> TG_ARGV[0])::uuid;
BEGIN
  UPDATE "game_snapshots" s SET "seats_version" = s."seats_version" + 1
   WHERE s."campaign_id" IN (SELECT m."campaign_id" FROM "memberships" m WHERE m."user_id" = "who"
                             UNION SELECT t."campaign_id" FROM "tribes" t WHERE t."user_id" = "who");
  RETURN NULL;
END $$;

CREATE TRIGGER "memberships_seats" AFTER INSERT OR UPDATE OR DELETE ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION "seats_moved_in_campaign"();
CREATE TRIGGER "tribes_seats" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "campaign_id" ON "tribes"
  FOR EACH ROW EXECUTE FUNCTION "seats_moved_in_campaign"();
CREATE TRIGGER "revoked_tokens_seats" AFTER INSERT ON "revoked_tokens"
  FOR EACH ROW EXECUTE FUNCTION "seats_moved_for_user"('user_id');
CREATE TRIGGER "users_token_version_seats" AFTER UPDATE OF "token_version" ON "users"
  FOR EACH ROW WHEN (NEW."token_version" IS DISTINCT FROM OLD."token_version") EXECUTE FUNCTION "seats_moved_for_user"('id');
