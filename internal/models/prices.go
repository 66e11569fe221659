package models

import (
	"sync"

	"beaweb/internal/settings"
)

// Prices are the model's prices per million tokens from the settings in
// force, for the bill's cost estimate. The settings page changes them while
// she plays, so they are kept behind a lock of their own: the mind reads them
// when a turn ends. The zero value has no prices.
type Prices struct {
	mu sync.Mutex
	s  settings.Settings
}

// Set makes s the settings the prices are read from.
func (p *Prices) Set(s settings.Settings) {
	p.mu.Lock()
	p.s = s
	p.mu.Unlock()
}

// Prices implements agent.Prices: no estimate unless the input and output
// prices are both set; a cached price left empty is the input price.
func (p *Prices) Prices() (in, cached, out float64, ok bool) {
	p.mu.Lock()
	s := p.s
	p.mu.Unlock()
	in, okIn := s.Price(settings.PriceInput)
	out, okOut := s.Price(settings.PriceOutput)
	if !okIn || !okOut {
		return 0, 0, 0, false
	}
	if cached, ok = s.Price(settings.PriceCached); !ok {
		cached = in
	}
	return in, cached, out, true
}
