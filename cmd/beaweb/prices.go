package main

import (
	"fmt"
	"strconv"
	"strings"
)

// envPrices are the model's prices per million tokens, read once from
// BEA_PRICE_INPUT, BEA_PRICE_CACHED and BEA_PRICE_OUTPUT. It stands in
// until the settings package carries them (and Settings shows them); with
// none set the bill estimates no cost.
type envPrices struct {
	in, cached, out float64
	set             bool
}

// Prices implements agent.Prices.
func (p envPrices) Prices() (in, cached, out float64, ok bool) { return p.in, p.cached, p.out, p.set }

// readPrices reads the three prices; all empty means none. A cached price
// left empty while the input price is set is taken as the input price.
func readPrices(getenv func(string) string) (envPrices, error) {
	var p envPrices
	raw := map[string]*float64{"BEA_PRICE_INPUT": &p.in, "BEA_PRICE_CACHED": &p.cached, "BEA_PRICE_OUTPUT": &p.out}
	given := map[string]bool{}
	for name, dst := range raw {
		v := strings.TrimSpace(getenv(name))
		if v == "" {
			continue
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f < 0 {
			return envPrices{}, fmt.Errorf("%s is %q; give a price per million tokens, such as 3 or 0.30, or leave it empty", name, v)
		}
		*dst, given[name] = f, true
	}
	if len(given) == 0 {
		return p, nil
	}
	if !given["BEA_PRICE_INPUT"] || !given["BEA_PRICE_OUTPUT"] {
		return envPrices{}, fmt.Errorf("set both BEA_PRICE_INPUT and BEA_PRICE_OUTPUT for a cost estimate, or neither")
	}
	if !given["BEA_PRICE_CACHED"] {
		p.cached = p.in
	}
	p.set = true
	return p, nil
}
