package main

// The REST model (routes with filter chains) and its translation into Envoy resources: one cluster
// per upstream and one listener whose HTTP connection manager holds every route's filters, each
// disabled by default and enabled only on its own route (HttpFilter.disabled plus a FilterConfig in
// the route's typed_per_filter_config). A request therefore runs exactly its route's chain, in order,
// whatever the other routes hold: several profiles can share one gateway.

import (
	"fmt"
	"net"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	cluster "github.com/envoyproxy/go-control-plane/envoy/config/cluster/v3"
	mutation "github.com/envoyproxy/go-control-plane/envoy/config/common/mutation_rules/v3"
	core "github.com/envoyproxy/go-control-plane/envoy/config/core/v3"
	endpoint "github.com/envoyproxy/go-control-plane/envoy/config/endpoint/v3"
	listener "github.com/envoyproxy/go-control-plane/envoy/config/listener/v3"
	route "github.com/envoyproxy/go-control-plane/envoy/config/route/v3"
	apikey "github.com/envoyproxy/go-control-plane/envoy/extensions/filters/http/api_key_auth/v3"
	headermutation "github.com/envoyproxy/go-control-plane/envoy/extensions/filters/http/header_mutation/v3"
	ratelimit "github.com/envoyproxy/go-control-plane/envoy/extensions/filters/http/local_ratelimit/v3"
	lua "github.com/envoyproxy/go-control-plane/envoy/extensions/filters/http/lua/v3"
	router "github.com/envoyproxy/go-control-plane/envoy/extensions/filters/http/router/v3"
	hcm "github.com/envoyproxy/go-control-plane/envoy/extensions/filters/network/http_connection_manager/v3"
	upstreamhttp "github.com/envoyproxy/go-control-plane/envoy/extensions/upstreams/http/v3"
	typev3 "github.com/envoyproxy/go-control-plane/envoy/type/v3"
	"github.com/envoyproxy/go-control-plane/pkg/cache/types"
	"github.com/envoyproxy/go-control-plane/pkg/wellknown"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/anypb"
	"google.golang.org/protobuf/types/known/durationpb"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// Route is one route of the REST API: requests whose path is Path (exact) or starts with Prefix go
// through Filters, in order, to Upstream (host:port), or are answered by Envoy itself with Response
// (a direct_response: no upstream is contacted). Exactly one of Upstream and Response.
type Route struct {
	Path     string          `json:"path,omitempty"`
	Prefix   string          `json:"prefix,omitempty"`
	Upstream string          `json:"upstream,omitempty"`
	Response *DirectResponse `json:"response,omitempty"`
	Filters  []Filter        `json:"filters,omitempty"`
}

// DirectResponse is what Envoy answers on a route without an upstream (the mocking ceiling): Status
// (default 200), Body (inline) and response Headers.
type DirectResponse struct {
	Status  uint32            `json:"status,omitempty"`
	Body    string            `json:"body,omitempty"`
	Headers map[string]string `json:"headers,omitempty"`
}

// Consumers are the gateway's API-key clients (client name -> key), shared by every route whose
// api-key-auth filter sets `consumers: true`, as APISIX's consumers serve its key-auth plugin.
type Consumers map[string]string

// consumersFilter is the HCM filter holding the consumers: first in the chain, disabled by default,
// enabled by each route that uses them.
const consumersFilter = "consumers.api-key-auth"

// Filter is one hook of a route's chain; Type picks the Envoy filter, the other fields its settings.
type Filter struct {
	// request-header | response-header | request-header-remove | response-header-remove (Engine
	// native: envoy.filters.http.header_mutation; lua: envoy.filters.http.lua), lua (Code is a Lua
	// script with envoy_on_request/envoy_on_response), local-ratelimit, api-key-auth.
	Type   string `json:"type"`
	Engine string `json:"engine,omitempty"`
	Name   string `json:"name,omitempty"`
	Value  string `json:"value,omitempty"`
	Code   string `json:"code,omitempty"`
	// local-ratelimit: a token bucket of Tokens refilled every FillInterval (default 1s); Enforce
	// false counts and adds the x-ratelimit headers without ever rejecting.
	Tokens       uint32 `json:"tokens,omitempty"`
	FillInterval string `json:"fillInterval,omitempty"`
	Enforce      *bool  `json:"enforce,omitempty"`
	// api-key-auth: the request header holding the key (default apikey) and the keys by client name,
	// or Consumers (the gateway's shared consumers, PUT /consumers; the route's first filter then).
	// Forward names a request header that carries the matched client's name upstream.
	Header    string            `json:"header,omitempty"`
	Keys      map[string]string `json:"keys,omitempty"`
	Consumers bool              `json:"consumers,omitempty"`
	Forward   string            `json:"forward,omitempty"`
}

// ListenPort is the data plane's port; /health on it answers 200 from Envoy itself.
const ListenPort = 8080

var (
	routeIDPattern    = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,64}$`)
	headerNamePattern = regexp.MustCompile("^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")
)

// printable refuses control characters (a header value cannot hold them) and the closing of a Lua
// long string, which the Lua hooks put values in.
func printable(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return false
		}
	}
	return !strings.Contains(s, "]==]")
}

// ValidateRoute returns every problem of a route, each naming its field under `at`.
func ValidateRoute(at string, r Route) []string {
	var errs []string
	switch {
	case r.Path == "" && r.Prefix == "":
		errs = append(errs, at+": path or prefix is required")
	case r.Path != "" && r.Prefix != "":
		errs = append(errs, at+": path and prefix exclude each other")
	case !strings.HasPrefix(r.Path+r.Prefix, "/"):
		errs = append(errs, at+": path/prefix must start with /")
	case r.Path == "/health":
		errs = append(errs, at+".path: /health is the gateway's own health route")
	}
	switch {
	case r.Response != nil && r.Upstream != "":
		errs = append(errs, at+": upstream and response exclude each other")
	case r.Response != nil:
		if r.Response.Status != 0 && (r.Response.Status < 200 || r.Response.Status > 599) {
			errs = append(errs, fmt.Sprintf("%s.response.status: %d is not 200-599", at, r.Response.Status))
		}
		for _, name := range sortedKeys(r.Response.Headers) {
			if !headerNamePattern.MatchString(name) {
				errs = append(errs, fmt.Sprintf("%s.response.headers: %q is not a header name", at, name))
			} else if !printable(r.Response.Headers[name]) {
				errs = append(errs, fmt.Sprintf("%s.response.headers.%s: holds control characters", at, name))
			}
		}
	default:
		if host, port, err := net.SplitHostPort(r.Upstream); err != nil || host == "" || port == "" {
			errs = append(errs, fmt.Sprintf("%s.upstream: %q is not host:port (or give a response)", at, r.Upstream))
		} else if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			errs = append(errs, fmt.Sprintf("%s.upstream: port %q is not 1-65535", at, port))
		}
	}
	for i, f := range r.Filters {
		errs = append(errs, validateFilter(fmt.Sprintf("%s.filters[%d]", at, i), f)...)
		if f.Consumers && i > 0 {
			errs = append(errs, fmt.Sprintf("%s.filters[%d].consumers: the consumers' api-key-auth is one filter "+
				"shared by every route, first in the chain: make it filters[0]", at, i))
		}
	}
	return errs
}

// ValidateConsumers returns every problem of the consumers.
func ValidateConsumers(c Consumers) []string {
	var errs []string
	for _, client := range sortedKeys(c) {
		if !routeIDPattern.MatchString(client) {
			errs = append(errs, fmt.Sprintf("consumers: client %q: 1-64 of A-Z a-z 0-9 _ . -", client))
		}
		if c[client] == "" || !printable(c[client]) {
			errs = append(errs, fmt.Sprintf("consumers.%s: the key is empty or holds control characters", client))
		}
	}
	return errs
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func validateFilter(at string, f Filter) []string {
	var errs []string
	needName := func() {
		if !headerNamePattern.MatchString(f.Name) {
			errs = append(errs, fmt.Sprintf("%s.name: %q is not a header name", at, f.Name))
		}
	}
	switch f.Type {
	case "request-header", "response-header":
		needName()
		if !printable(f.Value) {
			errs = append(errs, at+".value: holds control characters")
		}
	case "request-header-remove", "response-header-remove":
		needName()
	case "lua":
		if strings.TrimSpace(f.Code) == "" {
			errs = append(errs, at+".code: a Lua script is required")
		}
	case "local-ratelimit":
		if f.Tokens == 0 {
			errs = append(errs, at+".tokens: must be at least 1")
		}
		if f.FillInterval != "" {
			if d, err := time.ParseDuration(f.FillInterval); err != nil || d < time.Millisecond {
				errs = append(errs, fmt.Sprintf("%s.fillInterval: %q is not a duration >= 1ms", at, f.FillInterval))
			}
		}
	case "api-key-auth":
		if len(f.Keys) == 0 && !f.Consumers {
			errs = append(errs, at+".keys: at least one client: key is required (or consumers: true)")
		}
		if len(f.Keys) > 0 && f.Consumers {
			errs = append(errs, at+": keys and consumers exclude each other")
		}
		if f.Header != "" && !headerNamePattern.MatchString(f.Header) {
			errs = append(errs, fmt.Sprintf("%s.header: %q is not a header name", at, f.Header))
		}
		if f.Forward != "" && !headerNamePattern.MatchString(f.Forward) {
			errs = append(errs, fmt.Sprintf("%s.forward: %q is not a header name", at, f.Forward))
		}
	default:
		errs = append(errs, fmt.Sprintf("%s.type: %q is not one of request-header, response-header, "+
			"request-header-remove, response-header-remove, lua, local-ratelimit, api-key-auth", at, f.Type))
	}
	if f.Engine != "" && f.Engine != "native" && f.Engine != "lua" {
		errs = append(errs, fmt.Sprintf("%s.engine: %q is not native or lua", at, f.Engine))
	}
	if f.Engine == "lua" && !strings.HasPrefix(f.Type, "request-header") && !strings.HasPrefix(f.Type, "response-header") {
		errs = append(errs, fmt.Sprintf("%s.engine: lua applies to the header hooks only (use type lua for a script)", at))
	}
	return errs
}

// clusterName is the cluster of an upstream host:port.
func clusterName(upstream string) string {
	return "upstream_" + strings.NewReplacer(":", "_", ".", "_").Replace(upstream)
}

func mustAny(m proto.Message) *anypb.Any {
	a, err := anypb.New(m)
	if err != nil {
		panic(err)
	}
	return a
}

// luaString quotes s as a Lua long string (validation refuses "]==]" in values).
func luaString(s string) string { return "[==[" + s + "]==]" }

// headerHook is what a header hook does, as header_mutation rules or as a Lua script.
func headerHook(f Filter) (native *headermutation.Mutations, script string) {
	set := func(name, value string) *mutation.HeaderMutation {
		return &mutation.HeaderMutation{Action: &mutation.HeaderMutation_Append{Append: &core.HeaderValueOption{
			Header:       &core.HeaderValue{Key: name, Value: value},
			AppendAction: core.HeaderValueOption_OVERWRITE_IF_EXISTS_OR_ADD,
		}}}
	}
	remove := func(name string) *mutation.HeaderMutation {
		return &mutation.HeaderMutation{Action: &mutation.HeaderMutation_Remove{Remove: name}}
	}
	switch f.Type {
	case "request-header":
		return &headermutation.Mutations{RequestMutations: []*mutation.HeaderMutation{set(f.Name, f.Value)}},
			fmt.Sprintf("function envoy_on_request(h) h:headers():replace(%s, %s) end", luaString(f.Name), luaString(f.Value))
	case "response-header":
		return &headermutation.Mutations{ResponseMutations: []*mutation.HeaderMutation{set(f.Name, f.Value)}},
			fmt.Sprintf("function envoy_on_response(h) h:headers():replace(%s, %s) end", luaString(f.Name), luaString(f.Value))
	case "request-header-remove":
		return &headermutation.Mutations{RequestMutations: []*mutation.HeaderMutation{remove(f.Name)}},
			fmt.Sprintf("function envoy_on_request(h) h:headers():remove(%s) end", luaString(f.Name))
	default: // response-header-remove
		return &headermutation.Mutations{ResponseMutations: []*mutation.HeaderMutation{remove(f.Name)}},
			fmt.Sprintf("function envoy_on_response(h) h:headers():remove(%s) end", luaString(f.Name))
	}
}

// credentials are keys by client as Envoy's api_key_auth credentials, in client order.
func credentials(keys map[string]string) []*apikey.Credential {
	creds := make([]*apikey.Credential, 0, len(keys))
	for _, c := range sortedKeys(keys) {
		creds = append(creds, &apikey.Credential{Client: c, Key: keys[c]})
	}
	return creds
}

// apiKeyPerRoute is an api-key-auth hook's per-route settings: its own keys, or none (then the
// filter-level credentials, the consumers, apply), the key's header and the client's forwarding.
func apiKeyPerRoute(f Filter) *apikey.ApiKeyAuthPerRoute {
	header := f.Header
	if header == "" {
		header = "apikey"
	}
	perRoute := &apikey.ApiKeyAuthPerRoute{KeySources: []*apikey.KeySource{{Header: header}}}
	if !f.Consumers {
		perRoute.Credentials = credentials(f.Keys)
	}
	if f.Forward != "" {
		perRoute.Forwarding = &apikey.Forwarding{Header: f.Forward}
	}
	return perRoute
}

// httpFilter is the HCM filter of one hook, named after its route and position, disabled by default
// and left without settings, and the per-route config that enables it on its route with the hook's
// settings (a filter running on a route applies both levels, so the settings live on one only).
func httpFilter(name string, f Filter) (*hcm.HttpFilter, proto.Message) {
	var base, perRoute proto.Message
	luaSource := func(code string) *lua.LuaPerRoute {
		return &lua.LuaPerRoute{Override: &lua.LuaPerRoute_SourceCode{SourceCode: &core.DataSource{
			Specifier: &core.DataSource_InlineString{InlineString: code}}}}
	}
	switch f.Type {
	case "lua":
		base, perRoute = &lua.Lua{}, luaSource(f.Code)
	case "local-ratelimit":
		interval := time.Second
		if f.FillInterval != "" {
			interval, _ = time.ParseDuration(f.FillInterval)
		}
		enforced := uint32(100)
		if f.Enforce != nil && !*f.Enforce {
			enforced = 0
		}
		percent := func(n uint32) *core.RuntimeFractionalPercent {
			return &core.RuntimeFractionalPercent{DefaultValue: &typev3.FractionalPercent{
				Numerator: n, Denominator: typev3.FractionalPercent_HUNDRED}}
		}
		base = &ratelimit.LocalRateLimit{StatPrefix: "local_rate_limit"}
		perRoute = &ratelimit.LocalRateLimit{
			StatPrefix:     "local_rate_limit_" + name,
			TokenBucket:    &typev3.TokenBucket{MaxTokens: f.Tokens, TokensPerFill: wrapperspb.UInt32(f.Tokens), FillInterval: durationpb.New(interval)},
			FilterEnabled:  percent(100),
			FilterEnforced: percent(enforced),
			// Draft 03's x-ratelimit-limit/-remaining: a profile can check the counting happened.
			EnableXRatelimitHeaders: 1,
		}
	case "api-key-auth":
		base, perRoute = &apikey.ApiKeyAuth{}, apiKeyPerRoute(f)
	default:
		native, script := headerHook(f)
		if f.Engine == "lua" {
			base, perRoute = &lua.Lua{}, luaSource(script)
		} else {
			base, perRoute = &headermutation.HeaderMutation{}, &headermutation.HeaderMutationPerRoute{Mutations: native}
		}
	}
	return &hcm.HttpFilter{Name: name, ConfigType: &hcm.HttpFilter_TypedConfig{TypedConfig: mustAny(base)}, Disabled: true}, perRoute
}

// directResponse is Envoy answering a route itself: the status, the inline body and the headers.
func directResponse(r DirectResponse) (*route.Route_DirectResponse, []*core.HeaderValueOption) {
	status := r.Status
	if status == 0 {
		status = 200
	}
	action := &route.DirectResponseAction{Status: status}
	if r.Body != "" {
		action.Body = &core.DataSource{Specifier: &core.DataSource_InlineString{InlineString: r.Body}}
	}
	var headers []*core.HeaderValueOption
	for _, name := range sortedKeys(r.Headers) {
		headers = append(headers, &core.HeaderValueOption{
			Header:       &core.HeaderValue{Key: name, Value: r.Headers[name]},
			AppendAction: core.HeaderValueOption_OVERWRITE_IF_EXISTS_OR_ADD,
		})
	}
	return &route.Route_DirectResponse{DirectResponse: action}, headers
}

// Knobs are regressions a gateway change could make, switched on by the server's env for the
// operating-curve benchmark on Envoy (bench/oc-envoy.yml); the zero value changes nothing.
type Knobs struct {
	// ExtraFilter "native" (EXTRA_FILTER=1 or native) adds one header_mutation filter that runs on
	// every route, "lua" (EXTRA_FILTER=lua) one Lua filter doing the same; "" none.
	ExtraFilter string
	// NoUpstreamReuse (UPSTREAM_REUSE=off) sets max_requests_per_connection: 1 on every upstream
	// cluster: Envoy opens a new upstream connection for every request.
	NoUpstreamReuse bool
}

// KnobsFromEnv reads EXTRA_FILTER (unset, 0 or off; 1 or native; lua) and UPSTREAM_REUSE (unset or
// on; off), refusing any other value with the variable's name.
func KnobsFromEnv(getenv func(string) string) (Knobs, error) {
	var k Knobs
	switch v := strings.TrimSpace(getenv("EXTRA_FILTER")); v {
	case "", "0", "off":
	case "1", "native":
		k.ExtraFilter = "native"
	case "lua":
		k.ExtraFilter = "lua"
	default:
		return k, fmt.Errorf("EXTRA_FILTER: %q is not one of 0, off, 1, native, lua", v)
	}
	switch v := strings.TrimSpace(getenv("UPSTREAM_REUSE")); v {
	case "", "on":
	case "off":
		k.NoUpstreamReuse = true
	default:
		return k, fmt.Errorf("UPSTREAM_REUSE: %q is not on or off", v)
	}
	return k, nil
}

// extraFilter is the filter EXTRA_FILTER adds: enabled at the HCM level, so it runs on every route,
// setting a request header (sent upstream) and a response header.
func extraFilter(engine string) *hcm.HttpFilter {
	hook := func(typ string) Filter { return Filter{Type: typ, Name: "X-Gateway-Extra", Value: "1"} }
	var config proto.Message
	if engine == "lua" {
		_, req := headerHook(hook("request-header"))
		_, resp := headerHook(hook("response-header"))
		config = &lua.Lua{DefaultSourceCode: &core.DataSource{Specifier: &core.DataSource_InlineString{InlineString: req + "\n" + resp}}}
	} else {
		req, _ := headerHook(hook("request-header"))
		resp, _ := headerHook(hook("response-header"))
		config = &headermutation.HeaderMutation{Mutations: &headermutation.Mutations{
			RequestMutations: req.RequestMutations, ResponseMutations: resp.ResponseMutations}}
	}
	return &hcm.HttpFilter{Name: "extra." + engine, ConfigType: &hcm.HttpFilter_TypedConfig{TypedConfig: mustAny(config)}}
}

// Resources translates the routes (by id) and the consumers into Envoy's clusters and the one
// listener, with every knob off.
func Resources(routes map[string]Route, consumers Consumers) (clusters, listeners []types.Resource) {
	return ResourcesWith(routes, consumers, Knobs{})
}

// ResourcesWith is Resources with the knobs applied.
func ResourcesWith(routes map[string]Route, consumers Consumers, knobs Knobs) (clusters, listeners []types.Resource) {
	ids := make([]string, 0, len(routes))
	for id := range routes {
		ids = append(ids, id)
	}
	sort.Strings(ids)

	health := &route.Route{
		Name:   "health",
		Match:  &route.RouteMatch{PathSpecifier: &route.RouteMatch_Path{Path: "/health"}},
		Action: &route.Route_DirectResponse{DirectResponse: &route.DirectResponseAction{Status: 200, Body: &core.DataSource{Specifier: &core.DataSource_InlineString{InlineString: "ok\n"}}}},
	}
	vhost := &route.VirtualHost{Name: "gateway", Domains: []string{"*"}, Routes: []*route.Route{health}}
	var filters []*hcm.HttpFilter
	upstreams := map[string]bool{}
	useConsumers := false
	// Exact paths first, then prefixes longest first, so a prefix never shadows a longer match.
	sort.SliceStable(ids, func(i, j int) bool {
		a, b := routes[ids[i]], routes[ids[j]]
		if (a.Path != "") != (b.Path != "") {
			return a.Path != ""
		}
		return len(a.Prefix) > len(b.Prefix)
	})
	for _, id := range ids {
		r := routes[id]
		match := &route.RouteMatch{PathSpecifier: &route.RouteMatch_Path{Path: r.Path}}
		if r.Prefix != "" {
			match = &route.RouteMatch{PathSpecifier: &route.RouteMatch_Prefix{Prefix: r.Prefix}}
		}
		perFilter := map[string]*anypb.Any{}
		for i, f := range r.Filters {
			if f.Consumers {
				// The one filter holding the consumers (added first below), enabled on this route.
				useConsumers = true
				perFilter[consumersFilter] = mustAny(apiKeyPerRoute(f))
				continue
			}
			name := fmt.Sprintf("%s.%d.%s", id, i, f.Type)
			filter, perRoute := httpFilter(name, f)
			filters = append(filters, filter)
			perFilter[name] = mustAny(perRoute)
		}
		rt := &route.Route{Name: id, Match: match, TypedPerFilterConfig: perFilter}
		if r.Response != nil {
			rt.Action, rt.ResponseHeadersToAdd = directResponse(*r.Response)
		} else {
			upstreams[r.Upstream] = true
			rt.Action = &route.Route_Route{Route: &route.RouteAction{
				ClusterSpecifier: &route.RouteAction_Cluster{Cluster: clusterName(r.Upstream)},
			}}
		}
		vhost.Routes = append(vhost.Routes, rt)
	}
	if useConsumers {
		filters = append([]*hcm.HttpFilter{{
			Name:       consumersFilter,
			ConfigType: &hcm.HttpFilter_TypedConfig{TypedConfig: mustAny(&apikey.ApiKeyAuth{Credentials: credentials(consumers)})},
			Disabled:   true,
		}}, filters...)
	}
	if knobs.ExtraFilter != "" {
		filters = append(filters, extraFilter(knobs.ExtraFilter))
	}
	filters = append(filters, &hcm.HttpFilter{Name: wellknown.Router,
		ConfigType: &hcm.HttpFilter_TypedConfig{TypedConfig: mustAny(&router.Router{})}})

	manager := &hcm.HttpConnectionManager{
		StatPrefix: "ingress",
		CodecType:  hcm.HttpConnectionManager_AUTO,
		RouteSpecifier: &hcm.HttpConnectionManager_RouteConfig{RouteConfig: &route.RouteConfiguration{
			Name:         "gateway",
			VirtualHosts: []*route.VirtualHost{vhost},
			// A listener update may reach Envoy before the cluster update of the same version (one ADS
			// stream, two types): validating would NACK it; the REST call waits for both ACKs instead.
			ValidateClusters: wrapperspb.Bool(false),
		}},
		HttpFilters: filters,
	}
	listeners = []types.Resource{&listener.Listener{
		Name: "http",
		Address: &core.Address{Address: &core.Address_SocketAddress{SocketAddress: &core.SocketAddress{
			Address: "0.0.0.0", PortSpecifier: &core.SocketAddress_PortValue{PortValue: ListenPort}}}},
		FilterChains: []*listener.FilterChain{{Filters: []*listener.Filter{{
			Name:       wellknown.HTTPConnectionManager,
			ConfigType: &listener.Filter_TypedConfig{TypedConfig: mustAny(manager)},
		}}}},
	}}

	names := make([]string, 0, len(upstreams))
	for u := range upstreams {
		names = append(names, u)
	}
	sort.Strings(names)
	for _, u := range names {
		host, portText, _ := net.SplitHostPort(u)
		port, _ := strconv.Atoi(portText)
		c := &cluster.Cluster{
			Name:                 clusterName(u),
			ConnectTimeout:       durationpb.New(2 * time.Second),
			ClusterDiscoveryType: &cluster.Cluster_Type{Type: cluster.Cluster_STRICT_DNS},
			DnsLookupFamily:      cluster.Cluster_V4_ONLY,
			LoadAssignment: &endpoint.ClusterLoadAssignment{
				ClusterName: clusterName(u),
				Endpoints: []*endpoint.LocalityLbEndpoints{{LbEndpoints: []*endpoint.LbEndpoint{{
					HostIdentifier: &endpoint.LbEndpoint_Endpoint{Endpoint: &endpoint.Endpoint{
						Address: &core.Address{Address: &core.Address_SocketAddress{SocketAddress: &core.SocketAddress{
							Address: host, PortSpecifier: &core.SocketAddress_PortValue{PortValue: uint32(port)}}}},
					}},
				}}}},
			},
		}
		if knobs.NoUpstreamReuse {
			c.TypedExtensionProtocolOptions = map[string]*anypb.Any{
				"envoy.extensions.upstreams.http.v3.HttpProtocolOptions": mustAny(&upstreamhttp.HttpProtocolOptions{
					CommonHttpProtocolOptions: &core.HttpProtocolOptions{MaxRequestsPerConnection: wrapperspb.UInt32(1)},
					UpstreamProtocolOptions: &upstreamhttp.HttpProtocolOptions_ExplicitHttpConfig_{ExplicitHttpConfig: &upstreamhttp.HttpProtocolOptions_ExplicitHttpConfig{
						ProtocolConfig: &upstreamhttp.HttpProtocolOptions_ExplicitHttpConfig_HttpProtocolOptions{HttpProtocolOptions: &core.Http1ProtocolOptions{}},
					}},
				}),
			}
		}
		clusters = append(clusters, c)
	}
	return clusters, listeners
}
