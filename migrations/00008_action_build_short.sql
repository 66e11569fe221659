-- The blocks a build ran short of, by kind, as a JSON object
-- ({"oak_planks": 3, "glass": 1}), so that a build left nearly done says
-- what it lacks. NULL when she ran short of nothing, for every other
-- action, and for every row written before this migration.

-- +goose Up
ALTER TABLE actions ADD COLUMN build_short TEXT;

-- +goose Down
ALTER TABLE actions DROP COLUMN build_short;
