package main

import (
	"strings"
	"testing"
)

func TestPricesFromTheEnvironment(t *testing.T) {
	env := func(kv map[string]string) func(string) string { return func(k string) string { return kv[k] } }
	p, err := readPrices(env(nil))
	if _, _, _, ok := p.Prices(); err != nil || ok {
		t.Errorf("no prices: ok %v, %v; want no estimate", ok, err)
	}
	p, err = readPrices(env(map[string]string{"BEA_PRICE_INPUT": "3", "BEA_PRICE_CACHED": "0.30", "BEA_PRICE_OUTPUT": " 15 "}))
	if in, cached, out, ok := p.Prices(); err != nil || !ok || in != 3 || cached != 0.3 || out != 15 {
		t.Errorf("prices %v %v %v %v, %v", in, cached, out, ok, err)
	}
	p, err = readPrices(env(map[string]string{"BEA_PRICE_INPUT": "3", "BEA_PRICE_OUTPUT": "15"}))
	if _, cached, _, ok := p.Prices(); err != nil || !ok || cached != 3 {
		t.Errorf("without a cached price: cached %v, ok %v, %v; want the input price", cached, ok, err)
	}
	for _, bad := range []map[string]string{{"BEA_PRICE_INPUT": "three", "BEA_PRICE_OUTPUT": "15"},
		{"BEA_PRICE_INPUT": "-1", "BEA_PRICE_OUTPUT": "15"}, {"BEA_PRICE_INPUT": "3"}} {
		if _, err := readPrices(env(bad)); err == nil || !strings.Contains(err.Error(), "BEA_PRICE_") {
			t.Errorf("%v: %v, want a sentence naming the setting", bad, err)
		}
	}
}
