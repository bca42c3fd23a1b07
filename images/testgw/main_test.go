package main

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
)

// upstreamEcho answers with the request body and counts the requests it saw.
func upstreamEcho(t *testing.T, hits *atomic.Int64) *url.URL {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", r.Header.Get("Content-Type"))
		w.Header().Set("X-Echo", "perf-gate")
		w.Header().Set("X-Seen-Path", r.URL.Path)
		_, _ = w.Write(body)
	}))
	t.Cleanup(srv.Close)
	u, err := url.Parse(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestProxyPreservesBodyHeadersAndPath(t *testing.T) {
	var hits atomic.Int64
	gw := httptest.NewServer(newHandler(upstreamEcho(t, &hits), 10))
	defer gw.Close()

	body := strings.Repeat("abcdefghij", 100_000) // 1 MB: the whole body must reach the upstream
	resp, err := http.Post(gw.URL+"/echo", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || string(got) != body {
		t.Fatalf("status %d, body len %d, want 200 and %d", resp.StatusCode, len(got), len(body))
	}
	for header, want := range map[string]string{
		"Content-Type": "application/json",
		"X-Echo":       "perf-gate",
		"X-Seen-Path":  "/echo",
	} {
		if v := resp.Header.Get(header); v != want {
			t.Fatalf("%s %q, want %q", header, v, want)
		}
	}
	if hits.Load() != 1 {
		t.Fatalf("upstream saw %d requests, want 1", hits.Load())
	}
}

func TestEveryRequestReachesTheUpstream(t *testing.T) {
	var hits atomic.Int64
	gw := httptest.NewServer(newHandler(upstreamEcho(t, &hits), 0))
	defer gw.Close()
	for i := 0; i < 5; i++ {
		resp, err := http.Post(gw.URL+"/same", "text/plain", bytes.NewReader([]byte("x")))
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	if hits.Load() != 5 {
		t.Fatalf("upstream saw %d of 5 identical requests: something cached", hits.Load())
	}
}

func TestHealthIsLocalAndFree(t *testing.T) {
	var hits atomic.Int64
	h := newHandler(upstreamEcho(t, &hits), 1000)
	before := rounds.Load()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/health", nil))
	if rec.Code != 200 || rec.Body.String() != "ok" {
		t.Fatalf("health %d %q", rec.Code, rec.Body.String())
	}
	if hits.Load() != 0 || rounds.Load() != before {
		t.Fatalf("health reached the upstream (%d) or did work (%d rounds)", hits.Load(), rounds.Load()-before)
	}
}

func TestWorkScalesWithTheKnob(t *testing.T) {
	var hits atomic.Int64
	up := upstreamEcho(t, &hits)
	for _, iterations := range []int{0, 1, 250, 4000} {
		h := newHandler(up, iterations)
		before := rounds.Load()
		for i := 0; i < 3; i++ {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/x", strings.NewReader("hi")))
			if rec.Code != 200 || rec.Body.String() != "hi" {
				t.Fatalf("iterations %d: %d %q", iterations, rec.Code, rec.Body.String())
			}
		}
		if done := rounds.Load() - before; done != uint64(3*iterations) {
			t.Fatalf("iterations %d: %d hash rounds for 3 requests, want %d", iterations, done, 3*iterations)
		}
	}
}

func TestUpstreamDownIsBadGateway(t *testing.T) {
	dead, _ := url.Parse("http://127.0.0.1:1")
	rec := httptest.NewRecorder()
	newHandler(dead, 0).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/x", nil))
	if rec.Code != http.StatusBadGateway {
		t.Fatalf("status %d, want 502", rec.Code)
	}
}
