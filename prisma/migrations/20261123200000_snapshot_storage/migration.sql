-- Every order rewrites its campaign's snapshot (#16). A snapshot up to 8 kB stays
-- inline and uncompressed, instead of being compressed with pglz on every save
-- above 2 kB; and half of each page is left free, so that the rewrite is a HOT
-- update, with no index entry written. Prisma's schema cannot say this: the drift
-- check does not see storage parameters.
ALTER TABLE "game_snapshots" SET (toast_tuple_target = 8160, fillfactor = 50);
