package main

import (
	"context"

	"beaweb/internal/agent"
	"beaweb/internal/store"
	"beaweb/web"
)

// historyOf reads the store's action history in the dashboard's terms.
type historyOf struct{ db *store.Store }

func (h historyOf) RecentActions(ctx context.Context, q web.ActionQuery) ([]agent.ActionRecord, error) {
	return h.db.RecentActions(ctx, q.Limit, store.ActionFilter{Action: q.Action, Result: q.Result})
}

// objectivesOf edits the store's objectives in the dashboard's terms.
type objectivesOf struct{ db *store.Store }

func (o objectivesOf) Objectives(ctx context.Context) ([]agent.Objective, error) {
	return o.db.Objectives(ctx)
}

func (o objectivesOf) AddObjective(ctx context.Context, text string) error {
	return o.db.SaveObjective(ctx, &agent.Objective{Text: text})
}

func (o objectivesOf) SetObjectiveDone(ctx context.Context, id int64, done bool) error {
	return o.db.SetObjectiveDone(ctx, id, done)
}

func (o objectivesOf) DeleteObjective(ctx context.Context, id int64) error {
	return o.db.DeleteObjective(ctx, id)
}
