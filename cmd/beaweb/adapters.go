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
	return h.db.RecentActions(ctx, q.Limit, store.ActionFilter{Action: q.Action, Result: q.Result, Pending: q.Running, Before: q.Before})
}
