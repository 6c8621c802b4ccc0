-- A campaign's state is stored as the text the engine wrote: no SQL reads inside it, and a
-- jsonb column made PostgreSQL parse every saved state into its binary form and print it back
-- on every load (about 0.3 ms a state of 20 kB, a third of a tick's database time; #47).
-- The text is then also read back byte for byte as written, key order included.
ALTER TABLE "game_snapshots" ALTER COLUMN "state" SET DATA TYPE JSON USING "state"::json;
