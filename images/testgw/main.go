// Command testgw is a minimal gateway for calibrated regressions: a reverse proxy to UPSTREAM that
// spends WORK_ITERATIONS rounds of sha256 on every request before forwarding it. The injected cost is
// CPU work inside the gateway, so it scales with the machine and queues like a slower policy would,
// unlike a sleep in the backend (whose wake-up latency dominates small delays on a busy machine).
package main

import (
	"bytes"
	"crypto/sha256"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"strconv"
	"sync/atomic"
	"time"
)

// sink keeps the work's result observable, so the compiler cannot drop the loop as dead code;
// rounds counts the hash rounds done, so a test can see the knob acting without timing anything.
var sink, rounds atomic.Uint64

// work hashes a 64-byte block `iterations` times, each round over the previous digest: a serial
// chain that cannot be hoisted or parallelised, so its cost is linear in iterations.
func work(iterations int) {
	if iterations <= 0 {
		return
	}
	var block [64]byte
	for i := 0; i < iterations; i++ {
		sum := sha256.Sum256(block[:])
		copy(block[:32], sum[:])
	}
	sink.Add(uint64(block[0]))
	rounds.Add(uint64(iterations))
}

// newHandler proxies everything except /health to upstream, after `iterations` rounds of work.
func newHandler(upstream *url.URL, iterations int) http.Handler {
	proxy := httputil.NewSingleHostReverseProxy(upstream)
	proxy.Transport = &http.Transport{
		Proxy:               nil,
		DialContext:         (&net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		MaxIdleConns:        1024,
		MaxIdleConnsPerHost: 1024,
		IdleConnTimeout:     90 * time.Second,
		// The echo backend answers uncompressed; asking for gzip would add work on both sides that
		// no variant is meant to measure.
		DisableCompression: true,
	}
	// Errors talking to the upstream are the gateway's answer (502), logged once per request.
	proxy.ErrorHandler = func(w http.ResponseWriter, r *http.Request, err error) {
		log.Printf("upstream %s: %v", r.URL.Path, err)
		w.WriteHeader(http.StatusBadGateway)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/health", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		_, _ = w.Write([]byte("ok"))
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		// Read the whole body before proxying, like a gateway whose policies inspect it. Streaming the
		// inbound body into the upstream request instead truncated about 1 response in 20 (the
		// transport closed the upstream connection mid-response: "use of closed network connection").
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, "read body: "+err.Error(), http.StatusBadRequest)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		work(iterations)
		// Nothing here caches: every request pays the upstream round trip.
		proxy.ServeHTTP(w, r)
	})
	return mux
}

func envInt(name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		log.Fatalf("%s must be a non-negative integer, got %q", name, v)
	}
	return n
}

func main() {
	log.SetFlags(0)
	port := os.Getenv("PORT")
	if port == "" {
		port = "8080"
	}
	raw := os.Getenv("UPSTREAM")
	if raw == "" {
		raw = "http://echo:8080"
	}
	upstream, err := url.Parse(raw)
	if err != nil || upstream.Scheme == "" || upstream.Host == "" {
		log.Fatalf("UPSTREAM must be an absolute http URL, got %q", raw)
	}
	iterations := envInt("WORK_ITERATIONS", 0)
	srv := &http.Server{
		Addr:              ":" + port,
		Handler:           newHandler(upstream, iterations),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
	ln, err := net.Listen("tcp", srv.Addr)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("testgw upstream %s, %d work iterations per request", upstream, iterations)
	// Logged once the socket accepts: FROM scratch has no shell, so waits match this line or /health.
	log.Printf("testgw listening on :%s", port)
	log.Fatal(srv.Serve(ln))
}
