// Command echo is the backend the gate drives: it returns the request body unchanged, so k6 can check
// that a gateway preserves payloads, and it has a delay knob so tests can inject a latency regression
// in-process (the kernel here has no netem). POST /graphql answers GraphQL queries (graphql.go).
package main

import (
	"bytes"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"strconv"
	"sync"
	"time"
)

// echoStatus is the status of every echo (ECHO_STATUS, default 200): a backend answering 5xx is one
// of the faults the gate must turn into a clear verdict.
var echoStatus = http.StatusOK

// bufPool reuses body buffers: at 10k+ req/s per-request allocations show up in the P95 we measure.
var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// newHandler returns the echo handler; defaultDelay applies unless X-Echo-Delay-Us overrides it.
func newHandler(defaultDelay time.Duration) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/health", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			echo(w, r, defaultDelay)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = io.WriteString(w, "ok")
	})
	mux.HandleFunc("/graphql", graphqlHandler)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { echo(w, r, defaultDelay) })
	return mux
}

func echo(w http.ResponseWriter, r *http.Request, defaultDelay time.Duration) {
	// Read the whole body before writing anything: answering early makes Go close the connection or
	// truncate large echoes, which would show up as failed checks that are not the gateway's fault.
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufPool.Put(buf)
	if _, err := buf.ReadFrom(r.Body); err != nil {
		http.Error(w, "read body: "+err.Error(), http.StatusBadRequest)
		return
	}

	delay := defaultDelay
	if v := r.Header.Get("X-Echo-Delay-Us"); v != "" {
		if us, err := strconv.ParseInt(v, 10, 64); err == nil && us >= 0 {
			delay = time.Duration(us) * time.Microsecond
		}
	}
	if delay > 0 {
		time.Sleep(delay)
	}

	ct := r.Header.Get("Content-Type")
	if ct == "" {
		ct = "application/octet-stream"
	}
	h := w.Header()
	h.Set("Content-Type", ct)
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	h.Set("X-Echo", "perf-gate")
	w.WriteHeader(echoStatus)
	_, _ = w.Write(buf.Bytes())
}

func envInt(name string, def int64) int64 {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 {
		log.Fatalf("%s must be a non-negative integer, got %q", name, v)
	}
	return n
}

func main() {
	port := os.Getenv("PORT")
	if port == "" {
		port = "8080"
	}
	delay := time.Duration(envInt("ECHO_DELAY_US", 0)) * time.Microsecond
	if status := envInt("ECHO_STATUS", http.StatusOK); status < 100 || status > 599 {
		log.Fatalf("ECHO_STATUS must be an HTTP status (100-599), got %d", status)
	} else {
		echoStatus = int(status)
	}
	srv := &http.Server{
		Addr:              ":" + port,
		Handler:           newHandler(delay),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
	log.SetFlags(0)
	ln, err := net.Listen("tcp", srv.Addr)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("echo default delay %s", delay)
	// Logged only once the socket accepts, and exactly this line, because it is what log wait strategies
	// match: a FROM scratch image has no shell, so testcontainers' listening-port wait cannot run in it.
	log.Printf("echo listening on :%s", port)
	log.Fatal(srv.Serve(ln))
}
