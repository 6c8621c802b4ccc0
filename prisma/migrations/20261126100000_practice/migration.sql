-- A practice campaign (#27): one player against a passive rival, on a small map, with the
-- player's window open at once and a button that passes the week (its payout) there and then.
ALTER TABLE "campaigns" ADD COLUMN "practice" BOOLEAN NOT NULL DEFAULT false;
