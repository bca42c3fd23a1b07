package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	cluster "github.com/envoyproxy/go-control-plane/envoy/config/cluster/v3"
	listener "github.com/envoyproxy/go-control-plane/envoy/config/listener/v3"
	apikey "github.com/envoyproxy/go-control-plane/envoy/extensions/filters/http/api_key_auth/v3"
	hcm "github.com/envoyproxy/go-control-plane/envoy/extensions/filters/network/http_connection_manager/v3"
	upstreamhttp "github.com/envoyproxy/go-control-plane/envoy/extensions/upstreams/http/v3"
	discovery "github.com/envoyproxy/go-control-plane/envoy/service/discovery/v3"
	"github.com/envoyproxy/go-control-plane/pkg/cache/types"
	cachev3 "github.com/envoyproxy/go-control-plane/pkg/cache/v3"
	resource "github.com/envoyproxy/go-control-plane/pkg/resource/v3"
	"google.golang.org/genproto/googleapis/rpc/status"
)

func TestValidateRouteNamesEveryBadField(t *testing.T) {
	errs := ValidateRoute("routes.a", Route{
		Path:     "/a",
		Upstream: "echo",
		Filters: []Filter{
			{Type: "request-header", Name: "Bad Name", Value: "x"},
			{Type: "response-header", Name: "X", Value: "a\nb"},
			{Type: "local-ratelimit"},
			{Type: "gzip"},
			{Type: "lua", Engine: "lua"},
		},
	})
	want := []string{
		`routes.a.upstream: "echo" is not host:port`,
		`routes.a.filters[0].name: "Bad Name" is not a header name`,
		`routes.a.filters[1].value: holds control characters`,
		`routes.a.filters[2].tokens: must be at least 1`,
		`routes.a.filters[3].type: "gzip" is not one of`,
		`routes.a.filters[4].code: a Lua script is required`,
		`routes.a.filters[4].engine: lua applies to the header hooks only`,
	}
	joined := strings.Join(errs, "\n")
	for _, w := range want {
		if !strings.Contains(joined, w) {
			t.Errorf("missing %q in:\n%s", w, joined)
		}
	}
	if ok := ValidateRoute("r", Route{Path: "/r", Upstream: "echo:8080"}); len(ok) != 0 {
		t.Errorf("valid route refused: %v", ok)
	}
}

// Each route's filters are in the one HCM, disabled, and enabled by that route's per-filter config
// only: a request runs its own chain and no other route's.
func TestResourcesEnableEachFilterOnItsRouteOnly(t *testing.T) {
	clusters, listeners := Resources(map[string]Route{
		"a": {Path: "/a", Upstream: "echo:8080", Filters: []Filter{{Type: "response-header", Name: "X-A", Value: "1"}}},
		"b": {Prefix: "/b", Upstream: "echo:8080", Filters: []Filter{
			{Type: "response-header-remove", Engine: "lua", Name: "X-Echo"},
			{Type: "api-key-auth", Keys: map[string]string{"c": "k"}},
		}},
	}, nil)
	if len(clusters) != 1 {
		t.Fatalf("one cluster per upstream, got %d", len(clusters))
	}
	manager := &hcm.HttpConnectionManager{}
	if err := listeners[0].(*listener.Listener).FilterChains[0].Filters[0].GetTypedConfig().UnmarshalTo(manager); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range manager.HttpFilters {
		names = append(names, f.Name)
		if f.Name != "envoy.filters.http.router" && !f.Disabled {
			t.Errorf("filter %s is enabled by default", f.Name)
		}
	}
	if got := strings.Join(names, ","); got != "a.0.response-header,b.0.response-header-remove,b.1.api-key-auth,envoy.filters.http.router" {
		t.Errorf("filters: %s", got)
	}
	routes := manager.GetRouteConfig().VirtualHosts[0].Routes
	if routes[0].Name != "health" || routes[1].Name != "a" || routes[2].Name != "b" {
		t.Fatalf("route order: %v", routes)
	}
	if _, ok := routes[1].TypedPerFilterConfig["b.0.response-header-remove"]; ok {
		t.Error("route a enables route b's filter")
	}
	if len(routes[2].TypedPerFilterConfig) != 2 {
		t.Errorf("route b enables %d filters, want 2", len(routes[2].TypedPerFilterConfig))
	}
}

func TestTrackerWaitsForAckAndReportsNack(t *testing.T) {
	tr := newTracker()
	cb := tr.callbacks()
	_ = cb.StreamOpenFunc(context.Background(), 1, "")
	ack := func(typ, version string) {
		_ = cb.StreamRequestFunc(1, &discovery.DiscoveryRequest{TypeUrl: typ, VersionInfo: version, ResponseNonce: "n"})
	}
	go func() {
		time.Sleep(10 * time.Millisecond)
		ack(resource.ClusterType, "2")
		ack(resource.ListenerType, "2")
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if _, err := tr.wait(ctx, "2"); err != nil {
		t.Fatalf("ACKed version: %v", err)
	}
	tr.clearNacks()
	_ = cb.StreamRequestFunc(1, &discovery.DiscoveryRequest{
		TypeUrl: resource.ListenerType, VersionInfo: "2", ResponseNonce: "m",
		ErrorDetail: &status.Status{Message: "bad listener"},
	})
	if _, err := tr.wait(ctx, "3"); !errors.Is(err, errNack) || !strings.Contains(err.Error(), "bad listener") {
		t.Fatalf("NACK: %v", err)
	}
	short, cancelShort := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancelShort()
	tr.clearNacks()
	if _, err := tr.wait(short, "4"); err == nil || errors.Is(err, errNack) {
		t.Fatalf("no ACK must time out, got %v", err)
	}
}

// manager is the HTTP connection manager of the one listener.
func manager(t *testing.T, listeners []types.Resource) *hcm.HttpConnectionManager {
	t.Helper()
	m := &hcm.HttpConnectionManager{}
	if err := listeners[0].(*listener.Listener).FilterChains[0].Filters[0].GetTypedConfig().UnmarshalTo(m); err != nil {
		t.Fatal(err)
	}
	return m
}

// A route with a response is answered by Envoy itself (direct_response, the mocking ceiling): no
// cluster, the status, body and headers given.
func TestResourcesDirectResponseNeedsNoUpstream(t *testing.T) {
	clusters, listeners := Resources(map[string]Route{
		"mock": {Path: "/mock", Response: &DirectResponse{Body: "mocked", Headers: map[string]string{"X-Mock": "1"}}},
	}, nil)
	if len(clusters) != 0 {
		t.Errorf("a direct response needs no cluster, got %d", len(clusters))
	}
	r := manager(t, listeners).GetRouteConfig().VirtualHosts[0].Routes[1]
	direct := r.GetDirectResponse()
	if direct == nil || direct.Status != 200 || direct.GetBody().GetInlineString() != "mocked" {
		t.Fatalf("direct response: %v", r.Action)
	}
	if len(r.ResponseHeadersToAdd) != 1 || r.ResponseHeadersToAdd[0].Header.Key != "X-Mock" {
		t.Errorf("response headers: %v", r.ResponseHeadersToAdd)
	}
	errs := strings.Join(append(append(
		ValidateRoute("routes.a", Route{Path: "/a", Upstream: "echo:8080", Response: &DirectResponse{}}),
		ValidateRoute("routes.b", Route{Path: "/b", Response: &DirectResponse{Status: 99, Headers: map[string]string{"Bad Name": "x"}}})...),
		ValidateRoute("routes.c", Route{Path: "/c"})...), "\n")
	for _, want := range []string{
		"routes.a: upstream and response exclude each other",
		"routes.b.response.status: 99 is not 200-599",
		`routes.b.response.headers: "Bad Name" is not a header name`,
		`routes.c.upstream: "" is not host:port (or give a response)`,
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("missing %q in:\n%s", want, errs)
		}
	}
	if ok := ValidateRoute("m", Route{Path: "/m", Response: &DirectResponse{}}); len(ok) != 0 {
		t.Errorf("valid direct response refused: %v", ok)
	}
}

// Routes using the consumers share one api_key_auth filter, first in the chain, whose filter-level
// credentials are the consumers; each route enables it without credentials of its own.
func TestResourcesShareOneConsumersFilter(t *testing.T) {
	auth := Filter{Type: "api-key-auth", Consumers: true, Forward: "Content-Type"}
	_, listeners := Resources(map[string]Route{
		"r0": {Path: "/r/0", Upstream: "echo:8080", Filters: []Filter{auth}},
		"r1": {Path: "/r/1", Upstream: "echo:8080", Filters: []Filter{auth, {Type: "response-header", Name: "X", Value: "1"}}},
		"r2": {Path: "/r/2", Upstream: "echo:8080"},
	}, Consumers{"consumer-1": "key-1", "consumer-0": "key-0"})
	m := manager(t, listeners)
	var names []string
	for _, f := range m.HttpFilters {
		names = append(names, f.Name)
	}
	if got := strings.Join(names, ","); got != "consumers.api-key-auth,r1.1.response-header,envoy.filters.http.router" {
		t.Fatalf("filters: %s", got)
	}
	base := &apikey.ApiKeyAuth{}
	if err := m.HttpFilters[0].GetTypedConfig().UnmarshalTo(base); err != nil || !m.HttpFilters[0].Disabled {
		t.Fatalf("consumers filter: %v, disabled %v", err, m.HttpFilters[0].Disabled)
	}
	if len(base.Credentials) != 2 || base.Credentials[0].Client != "consumer-0" || base.Credentials[1].Key != "key-1" {
		t.Errorf("credentials: %v", base.Credentials)
	}
	routes := m.GetRouteConfig().VirtualHosts[0].Routes
	for _, r := range routes[1:3] {
		perRoute := &apikey.ApiKeyAuthPerRoute{}
		if err := r.TypedPerFilterConfig["consumers.api-key-auth"].UnmarshalTo(perRoute); err != nil {
			t.Fatalf("%s: %v", r.Name, err)
		}
		if len(perRoute.Credentials) != 0 || perRoute.KeySources[0].Header != "apikey" || perRoute.Forwarding.Header != "Content-Type" {
			t.Errorf("%s per-route: %v", r.Name, perRoute)
		}
	}
	if _, ok := routes[3].TypedPerFilterConfig["consumers.api-key-auth"]; ok {
		t.Error("r2 enables the consumers filter")
	}
	errs := strings.Join(ValidateRoute("routes.x", Route{Path: "/x", Upstream: "echo:8080", Filters: []Filter{
		{Type: "response-header", Name: "X", Value: "1"}, auth, {Type: "api-key-auth", Consumers: true, Keys: map[string]string{"a": "b"}},
	}}), "\n")
	for _, want := range []string{"routes.x.filters[1].consumers: the consumers' api-key-auth is one filter", "routes.x.filters[2]: keys and consumers exclude each other"} {
		if !strings.Contains(errs, want) {
			t.Errorf("missing %q in:\n%s", want, errs)
		}
	}
}

// The REST API with no Envoy connected: writes are stored and answered at once; PUT /routes and
// PUT /consumers replace the whole set (the bulk form a 100-route profile uses).
func TestRestBulkRoutesAndConsumers(t *testing.T) {
	cp := &controlPlane{routes: map[string]Route{}, consumers: Consumers{}, tracker: newTracker(), ackTimeout: time.Second,
		cache: cachev3.NewSnapshotCache(true, allNodes{}, nil)}
	srv := httptest.NewServer(cp.handler())
	defer srv.Close()
	call := func(method, path, body string) (int, map[string]any) {
		req, _ := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var out map[string]any
		_ = json.NewDecoder(res.Body).Decode(&out)
		return res.StatusCode, out
	}
	if code, out := call("PUT", "/consumers", `{"consumer-0": "key-0", "consumer-1": "key-1"}`); code != 200 || out["consumers"] != 2.0 {
		t.Fatalf("PUT /consumers: %d %v", code, out)
	}
	code, out := call("PUT", "/routes", `{"r0": {"path": "/r/0", "upstream": "echo:8080", "filters": [{"type": "api-key-auth", "consumers": true}]},
		"mock": {"path": "/mock", "response": {"body": "ok"}}}`)
	if code != 200 || out["routes"] != 2.0 || out["consumers"] != 2.0 {
		t.Fatalf("PUT /routes: %d %v", code, out)
	}
	if _, out := call("GET", "/consumers", ""); out["consumers"].(map[string]any)["consumer-1"] != "key-1" {
		t.Errorf("GET /consumers: %v", out)
	}
	if code, out := call("PUT", "/consumers", `{"bad name": ""}`); code != 400 || !strings.Contains(out["errors"].([]any)[0].(string), `client "bad name"`) {
		t.Errorf("bad consumer: %d %v", code, out)
	}
	if code, _ := call("DELETE", "/routes/nope", ""); code != 404 {
		t.Errorf("DELETE of a missing route: %d", code)
	}
	if code, out := call("PUT", "/routes", `{}`); code != 200 || out["routes"] != 0.0 {
		t.Errorf("PUT /routes {}: %d %v", code, out)
	}
}

// The regression knobs (bench/oc-envoy.yml) are off unless their env says otherwise, and a bad value
// is refused with the variable's name.
func TestKnobsFromEnv(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	k, err := KnobsFromEnv(env(nil))
	if err != nil || k != (Knobs{}) {
		t.Fatalf("defaults: %+v %v", k, err)
	}
	k, err = KnobsFromEnv(env(map[string]string{"EXTRA_FILTER": "1", "UPSTREAM_REUSE": "off"}))
	if err != nil || k.ExtraFilter != "native" || !k.NoUpstreamReuse {
		t.Fatalf("on: %+v %v", k, err)
	}
	k, err = KnobsFromEnv(env(map[string]string{"EXTRA_FILTER": "lua", "UPSTREAM_REUSE": "on"}))
	if err != nil || k.ExtraFilter != "lua" || k.NoUpstreamReuse {
		t.Fatalf("lua: %+v %v", k, err)
	}
	for name, value := range map[string]string{"EXTRA_FILTER": "yes", "UPSTREAM_REUSE": "maybe"} {
		if _, err := KnobsFromEnv(env(map[string]string{name: value})); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s=%s: %v", name, value, err)
		}
	}
}

// EXTRA_FILTER adds one enabled filter, before the router, that runs on every route (health too);
// without it the chain is unchanged.
func TestExtraFilterRunsOnEveryRoute(t *testing.T) {
	routes := map[string]Route{"a": {Path: "/a", Upstream: "echo:8080"}}
	for _, tc := range []struct{ knob, want string }{{"native", "envoy.filters.http.header_mutation"}, {"lua", "envoy.filters.http.lua"}} {
		_, listeners := ResourcesWith(routes, nil, Knobs{ExtraFilter: tc.knob})
		filters := manager(t, listeners).HttpFilters
		if len(filters) != 2 || filters[0].Name != "extra."+tc.knob || filters[0].Disabled {
			t.Fatalf("%s: filters %v", tc.knob, filters)
		}
		if got := filters[0].GetTypedConfig().TypeUrl; !strings.Contains(got, strings.TrimPrefix(tc.want, "envoy.filters.http.")) {
			t.Errorf("%s: type %s", tc.knob, got)
		}
	}
	_, listeners := ResourcesWith(routes, nil, Knobs{})
	if filters := manager(t, listeners).HttpFilters; len(filters) != 1 {
		t.Errorf("no knob: %d filters, want the router only", len(filters))
	}
}

// UPSTREAM_REUSE=off caps every upstream cluster at one request per connection (a new connection to
// the upstream per request); by default no cap is set.
func TestUpstreamReuseOff(t *testing.T) {
	routes := map[string]Route{"a": {Path: "/a", Upstream: "echo:8080"}}
	clusters, _ := ResourcesWith(routes, nil, Knobs{NoUpstreamReuse: true})
	c := clusters[0].(*cluster.Cluster)
	opts := &upstreamhttp.HttpProtocolOptions{}
	a, ok := c.TypedExtensionProtocolOptions["envoy.extensions.upstreams.http.v3.HttpProtocolOptions"]
	if !ok {
		t.Fatalf("no HttpProtocolOptions: %v", c.TypedExtensionProtocolOptions)
	}
	if err := a.UnmarshalTo(opts); err != nil {
		t.Fatal(err)
	}
	if got := opts.GetCommonHttpProtocolOptions().GetMaxRequestsPerConnection().GetValue(); got != 1 {
		t.Errorf("max_requests_per_connection %d, want 1", got)
	}
	if opts.GetExplicitHttpConfig().GetHttpProtocolOptions() == nil {
		t.Error("upstream protocol must stay HTTP/1.1")
	}
	clusters, _ = ResourcesWith(routes, nil, Knobs{})
	if len(clusters[0].(*cluster.Cluster).TypedExtensionProtocolOptions) != 0 {
		t.Error("default cluster has protocol options")
	}
}
