package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestEchoPreservesBodyAndContentType(t *testing.T) {
	srv := httptest.NewServer(newHandler(0))
	defer srv.Close()

	body := strings.Repeat("abcdefghij", 100_000) // 1 MB: large bodies must not be truncated
	resp, err := http.Post(srv.URL+"/anything", "application/json", strings.NewReader(body))
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
	if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
		t.Fatalf("content-type %q", ct)
	}
	if x := resp.Header.Get("X-Echo"); x != "perf-gate" {
		t.Fatalf("X-Echo %q", x)
	}
}

func TestDefaultContentTypeAndHealth(t *testing.T) {
	h := newHandler(0)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPut, "/x", strings.NewReader("hi")))
	if ct := rec.Header().Get("Content-Type"); ct != "application/octet-stream" || rec.Body.String() != "hi" {
		t.Fatalf("content-type %q body %q", ct, rec.Body.String())
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/health", nil))
	if rec.Code != 200 || rec.Body.String() != "ok" {
		t.Fatalf("health %d %q", rec.Code, rec.Body.String())
	}
}

func TestDelayHeaderOverridesDefault(t *testing.T) {
	h := newHandler(0)
	req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader("x"))
	req.Header.Set("X-Echo-Delay-Us", "20000")
	start := time.Now()
	h.ServeHTTP(httptest.NewRecorder(), req)
	if d := time.Since(start); d < 20*time.Millisecond {
		t.Fatalf("delay header ignored: took %s", d)
	}
}

func TestEchoStatus(t *testing.T) {
	echoStatus = http.StatusServiceUnavailable
	defer func() { echoStatus = http.StatusOK }()
	srv := httptest.NewServer(newHandler(0))
	defer srv.Close()
	res, err := http.Post(srv.URL+"/echo", "text/plain", strings.NewReader("payload"))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusServiceUnavailable || string(body) != "payload" {
		t.Fatalf("got %d %q, want 503 with the payload echoed", res.StatusCode, body)
	}
}
