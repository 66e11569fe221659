package fanout_test

import (
	"sync"
	"testing"

	"beaweb/web/fanout"
)

func TestEverySubscriberGetsEveryValueInOrder(t *testing.T) {
	h := fanout.New[int](16)
	a, cancelA := h.Subscribe()
	defer cancelA()
	b, cancelB := h.Subscribe()
	defer cancelB()
	for i := range 10 {
		h.Publish(i)
	}
	for name, ch := range map[string]<-chan int{"a": a, "b": b} {
		for want := range 10 {
			if got := <-ch; got != want {
				t.Fatalf("subscriber %s: got %d, want %d", name, got, want)
			}
		}
	}
}

func TestSlowSubscriberIsDroppedNotWaitedFor(t *testing.T) {
	h := fanout.New[int](2)
	slow, cancelSlow := h.Subscribe()
	defer cancelSlow()
	fast, cancelFast := h.Subscribe()
	defer cancelFast()

	var got []int
	for i := range 5 {
		h.Publish(i) // must not block although slow never reads
		got = append(got, <-fast)
	}
	if len(got) != 5 || got[4] != 4 {
		t.Fatalf("fast subscriber got %v, want 0..4", got)
	}
	// The slow one keeps what fitted, then finds its channel closed.
	var kept []int
	for v := range slow {
		kept = append(kept, v)
	}
	if len(kept) != 2 || kept[0] != 0 || kept[1] != 1 {
		t.Fatalf("slow subscriber kept %v, want [0 1]", kept)
	}
	if h.Len() != 1 {
		t.Fatalf("Len = %d after the drop, want 1", h.Len())
	}
	if h.Dropped() != 1 {
		t.Fatalf("Dropped = %d, want 1", h.Dropped())
	}
}

func TestCancelClosesOnceAndStopsDelivery(t *testing.T) {
	h := fanout.New[string](4)
	ch, cancel := h.Subscribe()
	cancel()
	cancel() // a second call is harmless
	h.Publish("after")
	if v, ok := <-ch; ok {
		t.Fatalf("received %q after cancel, want a closed channel", v)
	}
	if h.Len() != 0 {
		t.Fatalf("Len = %d after cancel, want 0", h.Len())
	}
}

func TestCancelAfterDropIsHarmless(t *testing.T) {
	h := fanout.New[int](1)
	ch, cancel := h.Subscribe()
	h.Publish(1)
	h.Publish(2) // drops the subscriber
	<-ch
	if _, ok := <-ch; ok {
		t.Fatal("channel still open after the drop")
	}
	cancel() // must not close the channel a second time
}

func TestCloseEndsEverySubscription(t *testing.T) {
	h := fanout.New[int](4)
	ch, cancel := h.Subscribe()
	defer cancel()
	h.Close()
	if _, ok := <-ch; ok {
		t.Fatal("channel open after Close")
	}
	late, cancelLate := h.Subscribe()
	defer cancelLate()
	if _, ok := <-late; ok {
		t.Fatal("a subscription made after Close is open")
	}
	h.Publish(1) // delivers nothing, must not panic
}

func TestBufferBelowOneIsOne(t *testing.T) {
	h := fanout.New[int](0)
	ch, cancel := h.Subscribe()
	defer cancel()
	h.Publish(7)
	if v := <-ch; v != 7 {
		t.Fatalf("got %d, want 7", v)
	}
}

func TestConcurrentPublishSubscribeCancel(t *testing.T) {
	h := fanout.New[int](8)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 100 {
				ch, cancel := h.Subscribe()
				h.Publish(1)
				select {
				case <-ch:
				default:
				}
				cancel()
			}
		})
	}
	wg.Wait()
	if h.Len() != 0 {
		t.Fatalf("Len = %d after every subscriber cancelled, want 0", h.Len())
	}
}

// BenchmarkFanOut measures handing 1,000 values to 100 subscribers that
// each read everything, the figure issue 8 asks for.
func BenchmarkFanOut(b *testing.B) {
	const subscribers, events = 100, 1000
	for b.Loop() {
		h := fanout.New[int](events)
		var wg sync.WaitGroup
		for range subscribers {
			ch, cancel := h.Subscribe()
			wg.Go(func() {
				defer cancel()
				n := 0
				for range ch {
					if n++; n == events {
						return
					}
				}
			})
		}
		for i := range events {
			h.Publish(i)
		}
		wg.Wait()
		if h.Dropped() != 0 {
			b.Fatalf("%d subscribers dropped", h.Dropped())
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*events*subscribers), "ns/delivery")
}
