package web

import (
	"net/url"
	"strconv"
	"time"

	"beaweb/templates/pages"
)

// pageSize is how many rows a long list shows at once: a world with
// 38,000 places is a page of a hundred, not of 32 MB.
const pageSize = 100

// pageOf is the page of list that page (1 and up, as the query says it)
// names, with the pager to the pages beside it; base is the list's address
// with its query, to which "&page=N" is added. A page past the end is the
// last one.
func pageOf[T any](list []T, page, base string) ([]T, pages.Pager) {
	if len(list) <= pageSize {
		return list, pages.Pager{}
	}
	last := (len(list) + pageSize - 1) / pageSize
	n, err := strconv.Atoi(page)
	if err != nil || n < 1 {
		n = 1
	}
	n = min(n, last)
	from, to := (n-1)*pageSize, min(n*pageSize, len(list))
	pg := pages.Pager{Showing: thousands(from+1) + " to " + thousands(to) + " of " + thousands(len(list))}
	if n > 1 {
		pg.Prev = base + "&page=" + strconv.Itoa(n-1)
	}
	if n < last {
		pg.Next = base + "&page=" + strconv.Itoa(n+1)
	}
	return list[from:to], pg
}

// thousands writes n with a comma between each three digits: 38,000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// pageBefore reads a history page's start, milliseconds since 1970 as the
// Older link writes it; anything else is the first page.
func pageBefore(q string) time.Time {
	ms, err := strconv.ParseInt(q, 10, 64)
	if err != nil || ms <= 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms)
}

// historyPager leads from a page of v's rows to the older ones, and back
// to the newest; full says the page holds as many rows as it may.
func historyPager(v pages.HistoryView, before time.Time, full bool) pages.Pager {
	if !full && before.IsZero() {
		return pages.Pager{}
	}
	q := url.Values{}
	if v.Action != "" {
		q.Set("action", v.Action)
	}
	if v.Result != "" {
		q.Set("result", v.Result)
	}
	pg := pages.Pager{Showing: "Newest first", PrevLabel: "Newest", NextLabel: "Older"}
	if !before.IsZero() {
		pg.Showing = "Started before " + before.UTC().Format("2 Jan 15:04:05") + " UTC"
		pg.Prev = "/history?" + q.Encode()
	}
	if full && len(v.Rows) > 0 {
		q.Set("before", strconv.FormatInt(v.Rows[len(v.Rows)-1].Started.UnixMilli(), 10))
		pg.Next = "/history?" + q.Encode()
	}
	return pg
}
