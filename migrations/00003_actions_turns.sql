-- The history of what she did (actions, keyed by the request id) and of how
-- she thought (turns). Both are pruned after the retention period.
--
-- actions.turn_id has no foreign key on purpose: an action starts while its
-- turn is still running, before the turn is written.

-- +goose Up
CREATE TABLE turns (
    id          INTEGER PRIMARY KEY,
    woken_by    TEXT    NOT NULL,
    model       TEXT    NOT NULL,
    tokens_in   INTEGER NOT NULL,
    tokens_out  INTEGER NOT NULL,
    duration_ms INTEGER NOT NULL,
    tool_calls  TEXT    NOT NULL DEFAULT '[]',
    said        TEXT    NOT NULL DEFAULT '',
    shown       TEXT    NOT NULL DEFAULT '',
    started     INTEGER NOT NULL
);
CREATE INDEX turns_started ON turns (started);

CREATE TABLE actions (
    id       TEXT    NOT NULL PRIMARY KEY,
    action   TEXT    NOT NULL,
    params   TEXT    NOT NULL DEFAULT '{}',
    started  INTEGER NOT NULL,
    finished INTEGER,
    result   TEXT    NOT NULL DEFAULT '',
    message  TEXT    NOT NULL DEFAULT '',
    log      TEXT    NOT NULL DEFAULT '[]',
    turn_id  INTEGER
);
CREATE INDEX actions_started ON actions (started);
CREATE INDEX actions_turn ON actions (turn_id) WHERE turn_id IS NOT NULL;

-- +goose Down
DROP TABLE actions;
DROP TABLE turns;
