-- An order appends its events and moves the snapshot row's version and marks; the whole state
-- is written only every SNAPSHOT_EVERY changes (#32). Kept inline (#16, when every order wrote
-- it), the state was copied into each new version of the row all the same. Out of line and
-- uncompressed, a row version carries a pointer to it, and an order writes a row of about 200
-- bytes instead of the state's kilobytes (#52). The table stays half empty for HOT updates.
ALTER TABLE "game_snapshots" ALTER COLUMN "state" SET STORAGE EXTERNAL;
ALTER TABLE "game_snapshots" SET (toast_tuple_target = 128);
