package models

import (
	"testing"

	"beaweb/internal/settings"
)

func TestPricesFromTheSettings(t *testing.T) {
	from := func(kv map[string]string) *Prices {
		s, err := settings.Defaults().FromEnv(func(k string) string { return kv[k] })
		if err != nil {
			t.Fatal(err)
		}
		p := &Prices{}
		p.Set(s)
		return p
	}
	if _, _, _, ok := from(nil).Prices(); ok {
		t.Error("no prices set, yet a cost is estimated")
	}
	if in, cached, out, ok := from(map[string]string{"BEA_PRICE_INPUT": "3", "BEA_PRICE_CACHED": "0.30", "BEA_PRICE_OUTPUT": "15"}).Prices(); !ok || in != 3 || cached != 0.3 || out != 15 {
		t.Errorf("prices %v %v %v %v", in, cached, out, ok)
	}
	if _, cached, _, ok := from(map[string]string{"BEA_PRICE_INPUT": "3", "BEA_PRICE_OUTPUT": "15"}).Prices(); !ok || cached != 3 {
		t.Errorf("without a cached price: cached %v, ok %v; want the input price", cached, ok)
	}
	if _, _, _, ok := from(map[string]string{"BEA_PRICE_INPUT": "3"}).Prices(); ok {
		t.Error("an input price alone estimates a cost")
	}
}
