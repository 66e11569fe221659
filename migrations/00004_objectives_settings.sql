-- Her plan (objectives in order) and the settings saved from the dashboard.

-- +goose Up
CREATE TABLE objectives (
    id         INTEGER PRIMARY KEY,
    text       TEXT    NOT NULL CHECK (length(text) BETWEEN 1 AND 500),
    done       INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
    sort_order INTEGER NOT NULL
);
CREATE INDEX objectives_order ON objectives (sort_order, id);

CREATE TABLE settings (
    key   TEXT NOT NULL PRIMARY KEY,
    value TEXT NOT NULL
);

-- +goose Down
DROP TABLE settings;
DROP TABLE objectives;
