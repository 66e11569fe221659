-- People are players, known by UUID across the names they take; they are
-- the same people on every server.

-- +goose Up
CREATE TABLE people (
    uuid       TEXT    NOT NULL PRIMARY KEY,
    name       TEXT    NOT NULL,
    first_seen INTEGER NOT NULL,
    last_seen  INTEGER NOT NULL,
    messages   INTEGER NOT NULL DEFAULT 0,
    card       INTEGER NOT NULL DEFAULT 0 CHECK (card IN (0, 1))
);
CREATE INDEX people_name ON people (name COLLATE NOCASE);

CREATE TABLE person_names (
    uuid       TEXT    NOT NULL REFERENCES people (uuid) ON DELETE CASCADE,
    name       TEXT    NOT NULL,
    first_seen INTEGER NOT NULL,
    last_seen  INTEGER NOT NULL,
    PRIMARY KEY (uuid, name)
);
CREATE INDEX person_names_name ON person_names (name COLLATE NOCASE);

CREATE TABLE facts (
    id      INTEGER PRIMARY KEY,
    uuid    TEXT    NOT NULL REFERENCES people (uuid) ON DELETE CASCADE,
    text    TEXT    NOT NULL CHECK (length(text) BETWEEN 1 AND 500),
    created INTEGER NOT NULL
);
CREATE INDEX facts_uuid ON facts (uuid, id);

-- +goose Down
DROP TABLE facts;
DROP TABLE person_names;
DROP TABLE people;
