-- A kept answer is the text first sent, key order included (#52): a retry with the same
-- Idempotency-Key is answered with it byte for byte, and the first answer needs no canonical
-- serialization (sorted keys, once a fifteenth of an order's CPU) to match what JSONB gives back.
-- Answers kept before this read back in JSONB's order: the same JSON, other bytes.
ALTER TABLE "idempotency_records" ALTER COLUMN "response" SET DATA TYPE JSON USING "response"::json;
