package main

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	listener "github.com/envoyproxy/go-control-plane/envoy/config/listener/v3"
	hcm "github.com/envoyproxy/go-control-plane/envoy/extensions/filters/network/http_connection_manager/v3"
	discovery "github.com/envoyproxy/go-control-plane/envoy/service/discovery/v3"
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
	})
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
