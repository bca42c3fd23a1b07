// envoy-xds is a small management plane for Envoy, the shape of the control planes Envoy-based
// gateways ship (WSO2's gateway-controller, Envoy Gateway, Contour): a REST admin API takes routes
// with HTTP filter chains, and an ADS server (go-control-plane) pushes them to every connected Envoy
// as one snapshot per change. A REST write answers only once every connected Envoy has ACKed the new
// version (or with Envoy's own error when it NACKs it), so the first request after a perf-gate
// profile's setup already meets the new configuration.
//
//	PUT    /routes/{id}   one route (JSON Route), replacing any route of that id
//	PUT    /routes        every route at once: {"id": Route, ...} (an empty object removes all)
//	DELETE /routes/{id}
//	GET    /routes        {"version": "...", "routes": {...}}
//	PUT    /consumers     every API-key consumer at once: {"client": "key", ...}, for the routes whose
//	                      api-key-auth filter says consumers: true
//	GET    /consumers     {"version": "...", "consumers": {...}}
//	GET    /health        200 once the xDS server listens
//
// Env: XDS_PORT (gRPC, 18000), ADMIN_PORT (REST, 9000), ACK_TIMEOUT (10s), and the regression
// knobs of bench/oc-envoy.yml, off by default: EXTRA_FILTER (1/native or lua: one more filter on
// every route), UPSTREAM_REUSE (off: one request per upstream connection). See Knobs.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	core "github.com/envoyproxy/go-control-plane/envoy/config/core/v3"
	discovery "github.com/envoyproxy/go-control-plane/envoy/service/discovery/v3"
	"github.com/envoyproxy/go-control-plane/pkg/cache/types"
	cachev3 "github.com/envoyproxy/go-control-plane/pkg/cache/v3"
	resource "github.com/envoyproxy/go-control-plane/pkg/resource/v3"
	serverv3 "github.com/envoyproxy/go-control-plane/pkg/server/v3"
	"google.golang.org/grpc"
)

// allNodes makes every Envoy share one snapshot, whatever its node id.
type allNodes struct{}

func (allNodes) ID(*core.Node) string { return "gateway" }

// acked are the types a snapshot is waited for: the listener (routes and filters) and the clusters.
var acked = []string{resource.ClusterType, resource.ListenerType}

// streamState is what one Envoy's ADS stream last said about each type.
type streamState struct {
	node    string
	version map[string]string // type URL -> last ACKed version
	nack    map[string]string // type URL -> error of the last NACK, cleared by an ACK
}

// tracker follows ACKs and NACKs on every ADS stream and wakes waiters on each change.
type tracker struct {
	mu      sync.Mutex
	streams map[int64]*streamState
	changed chan struct{}
}

func newTracker() *tracker {
	return &tracker{streams: map[int64]*streamState{}, changed: make(chan struct{})}
}

func (t *tracker) notify() { close(t.changed); t.changed = make(chan struct{}) }

func (t *tracker) callbacks() serverv3.CallbackFuncs {
	return serverv3.CallbackFuncs{
		StreamOpenFunc: func(_ context.Context, id int64, _ string) error {
			t.mu.Lock()
			defer t.mu.Unlock()
			t.streams[id] = &streamState{version: map[string]string{}, nack: map[string]string{}}
			t.notify()
			return nil
		},
		StreamClosedFunc: func(id int64, _ *core.Node) {
			t.mu.Lock()
			defer t.mu.Unlock()
			delete(t.streams, id)
			t.notify()
		},
		StreamRequestFunc: func(id int64, req *discovery.DiscoveryRequest) error {
			t.mu.Lock()
			defer t.mu.Unlock()
			s := t.streams[id]
			if s == nil {
				return nil
			}
			if req.GetNode().GetId() != "" {
				s.node = req.GetNode().GetId()
			}
			switch {
			case req.GetErrorDetail() != nil:
				s.nack[req.GetTypeUrl()] = req.GetErrorDetail().GetMessage()
			case req.GetResponseNonce() != "":
				s.version[req.GetTypeUrl()] = req.GetVersionInfo()
				delete(s.nack, req.GetTypeUrl())
			}
			t.notify()
			return nil
		},
	}
}

// errNack is Envoy refusing a snapshot; its text is Envoy's own message.
var errNack = errors.New("rejected by Envoy")

// wait blocks until every stream ACKed `version` for every waited type, a stream NACKed, or the
// deadline. Returns the nodes that ACKed. No stream at all is not an error: the config is stored and
// an Envoy that connects later gets it.
func (t *tracker) wait(ctx context.Context, version string) ([]string, error) {
	for {
		t.mu.Lock()
		var nodes []string
		pending := 0
		for _, s := range t.streams {
			done := true
			for _, typ := range acked {
				if msg, ok := s.nack[typ]; ok {
					t.mu.Unlock()
					return nil, fmt.Errorf("%w: node %s: %s", errNack, s.node, msg)
				}
				if s.version[typ] != version {
					done = false
				}
			}
			if done {
				nodes = append(nodes, s.node)
			} else {
				pending++
			}
		}
		ch := t.changed
		t.mu.Unlock()
		if pending == 0 {
			return nodes, nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return nodes, fmt.Errorf("%d Envoy stream(s) did not ACK version %s in time", pending, version)
		}
	}
}

// clearNacks forgets earlier NACKs before a new version is pushed: only the new one's answer counts.
func (t *tracker) clearNacks() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, s := range t.streams {
		s.nack = map[string]string{}
	}
}

// controlPlane holds the routes and consumers and pushes each change as a new snapshot version.
type controlPlane struct {
	mu         sync.Mutex // serialises writes: one version in flight at a time
	routes     map[string]Route
	consumers  Consumers
	version    int
	cache      cachev3.SnapshotCache
	tracker    *tracker
	ackTimeout time.Duration
	knobs      Knobs
}

// apply pushes what `change` makes of copies of the routes and consumers as the next version and
// waits for the ACKs. On a NACK the previous ones are pushed again, so the gateway and GET /routes
// keep agreeing. `change` runs under the lock: concurrent writes never lose one another's change.
func (cp *controlPlane) apply(ctx context.Context, change func(map[string]Route, Consumers) error) (string, []string, error) {
	cp.mu.Lock()
	defer cp.mu.Unlock()
	routes, consumers := cp.copies()
	if err := change(routes, consumers); err != nil {
		return "", nil, err
	}
	previousRoutes, previousConsumers := cp.routes, cp.consumers
	version, nodes, err := cp.push(ctx, routes, consumers)
	if errors.Is(err, errNack) {
		_, _, _ = cp.push(ctx, previousRoutes, previousConsumers)
	}
	return version, nodes, err
}

func (cp *controlPlane) push(ctx context.Context, routes map[string]Route, consumers Consumers) (string, []string, error) {
	clusters, listeners := ResourcesWith(routes, consumers, cp.knobs)
	cp.version++
	version := strconv.Itoa(cp.version)
	snap, err := cachev3.NewSnapshot(version, map[resource.Type][]types.Resource{
		resource.ClusterType:  clusters,
		resource.ListenerType: listeners,
	})
	if err != nil {
		return version, nil, err
	}
	cp.tracker.clearNacks()
	if err := cp.cache.SetSnapshot(ctx, "gateway", snap); err != nil {
		return version, nil, err
	}
	cp.routes, cp.consumers = routes, consumers
	waitCtx, cancel := context.WithTimeout(ctx, cp.ackTimeout)
	defer cancel()
	nodes, err := cp.tracker.wait(waitCtx, version)
	return version, nodes, err
}

// copies are copies of the routes and consumers (the caller holds the lock).
func (cp *controlPlane) copies() (map[string]Route, Consumers) {
	routes := make(map[string]Route, len(cp.routes))
	for k, v := range cp.routes {
		routes[k] = v
	}
	consumers := make(Consumers, len(cp.consumers))
	for k, v := range cp.consumers {
		consumers[k] = v
	}
	return routes, consumers
}

func (cp *controlPlane) snapshot() (string, map[string]Route, Consumers) {
	cp.mu.Lock()
	defer cp.mu.Unlock()
	routes, consumers := cp.copies()
	return strconv.Itoa(cp.version), routes, consumers
}

// errNotFound is a DELETE of a route that does not exist.
var errNotFound = errors.New("not found")

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func fail(w http.ResponseWriter, status int, errs ...string) {
	writeJSON(w, status, map[string]any{"errors": errs})
}

// decode reads a JSON body strictly: an unknown field is a typo the caller must hear about.
func decode(r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, 8<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("body: %v", err)
	}
	return nil
}

func (cp *controlPlane) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /health", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	mux.HandleFunc("GET /routes", func(w http.ResponseWriter, _ *http.Request) {
		version, routes, _ := cp.snapshot()
		writeJSON(w, http.StatusOK, map[string]any{"version": version, "routes": routes})
	})
	mux.HandleFunc("GET /consumers", func(w http.ResponseWriter, _ *http.Request) {
		version, _, consumers := cp.snapshot()
		writeJSON(w, http.StatusOK, map[string]any{"version": version, "consumers": consumers})
	})
	commit := func(w http.ResponseWriter, r *http.Request, change func(map[string]Route, Consumers) error) {
		var count map[string]int
		version, nodes, err := cp.apply(r.Context(), func(routes map[string]Route, consumers Consumers) error {
			err := change(routes, consumers)
			count = map[string]int{"routes": len(routes), "consumers": len(consumers)}
			return err
		})
		switch {
		case errors.Is(err, errNotFound):
			fail(w, http.StatusNotFound, err.Error())
		case errors.Is(err, errNack):
			fail(w, http.StatusUnprocessableEntity, err.Error())
		case err != nil:
			fail(w, http.StatusGatewayTimeout, err.Error())
		default:
			if nodes == nil {
				nodes = []string{}
			}
			writeJSON(w, http.StatusOK, map[string]any{
				"version": version, "acked": nodes, "routes": count["routes"], "consumers": count["consumers"]})
		}
	}
	mux.HandleFunc("PUT /routes/{id}", func(w http.ResponseWriter, r *http.Request) {
		id := r.PathValue("id")
		if !routeIDPattern.MatchString(id) {
			fail(w, http.StatusBadRequest, fmt.Sprintf("route id %q: 1-64 of A-Z a-z 0-9 _ . -", id))
			return
		}
		var route Route
		if err := decode(r, &route); err != nil {
			fail(w, http.StatusBadRequest, err.Error())
			return
		}
		if errs := ValidateRoute("routes."+id, route); len(errs) > 0 {
			fail(w, http.StatusBadRequest, errs...)
			return
		}
		commit(w, r, func(routes map[string]Route, _ Consumers) error {
			routes[id] = route
			return nil
		})
	})
	mux.HandleFunc("PUT /routes", func(w http.ResponseWriter, r *http.Request) {
		var routes map[string]Route
		if err := decode(r, &routes); err != nil {
			fail(w, http.StatusBadRequest, err.Error())
			return
		}
		var errs []string
		for id, route := range routes {
			if !routeIDPattern.MatchString(id) {
				errs = append(errs, fmt.Sprintf("route id %q: 1-64 of A-Z a-z 0-9 _ . -", id))
			}
			errs = append(errs, ValidateRoute("routes."+id, route)...)
		}
		if len(errs) > 0 {
			fail(w, http.StatusBadRequest, errs...)
			return
		}
		commit(w, r, func(current map[string]Route, _ Consumers) error {
			clear(current)
			for id, route := range routes {
				current[id] = route
			}
			return nil
		})
	})
	mux.HandleFunc("PUT /consumers", func(w http.ResponseWriter, r *http.Request) {
		var consumers Consumers
		if err := decode(r, &consumers); err != nil {
			fail(w, http.StatusBadRequest, err.Error())
			return
		}
		if errs := ValidateConsumers(consumers); len(errs) > 0 {
			fail(w, http.StatusBadRequest, errs...)
			return
		}
		commit(w, r, func(_ map[string]Route, current Consumers) error {
			clear(current)
			for client, key := range consumers {
				current[client] = key
			}
			return nil
		})
	})
	mux.HandleFunc("DELETE /routes/{id}", func(w http.ResponseWriter, r *http.Request) {
		id := r.PathValue("id")
		commit(w, r, func(routes map[string]Route, _ Consumers) error {
			if _, ok := routes[id]; !ok {
				return fmt.Errorf("%w: no route %q", errNotFound, id)
			}
			delete(routes, id)
			return nil
		})
	})
	return mux
}

func env(name, fallback string) string {
	if v := strings.TrimSpace(os.Getenv(name)); v != "" {
		return v
	}
	return fallback
}

func main() {
	ackTimeout, err := time.ParseDuration(env("ACK_TIMEOUT", "10s"))
	if err != nil {
		log.Fatalf("ACK_TIMEOUT: %v", err)
	}
	logger := log.New(os.Stderr, "envoy-xds ", log.LstdFlags)
	knobs, err := KnobsFromEnv(os.Getenv)
	if err != nil {
		log.Fatalf("%v", err)
	}
	if knobs != (Knobs{}) {
		logger.Printf("knobs: extra filter %q, upstream reuse off %v", knobs.ExtraFilter, knobs.NoUpstreamReuse)
	}
	tr := newTracker()
	cache := cachev3.NewSnapshotCache(true, allNodes{}, quietLogger{logger})
	cp := &controlPlane{routes: map[string]Route{}, consumers: Consumers{}, cache: cache, tracker: tr, ackTimeout: ackTimeout, knobs: knobs}
	// Version 1: no route but /health, so Envoy goes live (its /ready) before any profile's setup.
	if _, _, err := cp.push(context.Background(), map[string]Route{}, Consumers{}); err != nil {
		log.Fatalf("initial snapshot: %v", err)
	}

	ctx := context.Background()
	xds := serverv3.NewServer(ctx, cache, tr.callbacks())
	grpcServer := grpc.NewServer()
	discovery.RegisterAggregatedDiscoveryServiceServer(grpcServer, xds)
	lis, err := net.Listen("tcp", ":"+env("XDS_PORT", "18000"))
	if err != nil {
		log.Fatalf("xds listen: %v", err)
	}
	go func() {
		if err := grpcServer.Serve(lis); err != nil {
			log.Fatalf("xds serve: %v", err)
		}
	}()
	admin := &http.Server{Addr: ":" + env("ADMIN_PORT", "9000"), Handler: cp.handler(), ReadHeaderTimeout: 10 * time.Second}
	logger.Printf("xDS (ADS) on %s, REST admin on %s", lis.Addr(), admin.Addr)
	log.Fatal(admin.ListenAndServe())
}

// quietLogger passes go-control-plane's warnings and errors on and drops its per-request debug lines.
type quietLogger struct{ l *log.Logger }

func (quietLogger) Debugf(string, ...any)       {}
func (quietLogger) Infof(string, ...any)        {}
func (q quietLogger) Warnf(f string, a ...any)  { q.l.Printf("warn: "+f, a...) }
func (q quietLogger) Errorf(f string, a ...any) { q.l.Printf("error: "+f, a...) }
