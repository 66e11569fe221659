-- The token bill of a turn: of the tokens in (tokens_in, the whole prompt),
-- how many were read from the provider's prompt cache and how many written
-- to it, and each model call's usage as a JSON array of
-- {input_tokens, cache_read, cache_written, output_tokens}. Turns recorded
-- before hold zero and '[]': their providers' cache was never read.

-- +goose Up
ALTER TABLE turns ADD COLUMN tokens_cache_read    INTEGER NOT NULL DEFAULT 0;
ALTER TABLE turns ADD COLUMN tokens_cache_written INTEGER NOT NULL DEFAULT 0;
ALTER TABLE turns ADD COLUMN model_calls          TEXT    NOT NULL DEFAULT '[]';

-- +goose Down
ALTER TABLE turns DROP COLUMN model_calls;
ALTER TABLE turns DROP COLUMN tokens_cache_written;
ALTER TABLE turns DROP COLUMN tokens_cache_read;
