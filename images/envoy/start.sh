#!/bin/sh
# Writes Envoy's bootstrap (its admin API on :9901 and the ADS cluster of its management plane at
# $XDS_HOST:$XDS_PORT), then becomes Envoy. Extra arguments go to Envoy.
set -eu
bootstrap=/tmp/envoy-bootstrap.yaml
cat >"$bootstrap" <<YAML
node:
  id: ${ENVOY_NODE_ID}
  cluster: perf-gate
admin:
  address: { socket_address: { address: 0.0.0.0, port_value: 9901 } }
dynamic_resources:
  ads_config:
    api_type: GRPC
    transport_api_version: V3
    grpc_services: [{ envoy_grpc: { cluster_name: xds } }]
    set_node_on_first_message_only: true
  cds_config: { ads: {}, resource_api_version: V3 }
  lds_config: { ads: {}, resource_api_version: V3 }
static_resources:
  clusters:
    - name: xds
      type: STRICT_DNS
      connect_timeout: 2s
      dns_lookup_family: V4_ONLY
      typed_extension_protocol_options:
        envoy.extensions.upstreams.http.v3.HttpProtocolOptions:
          "@type": type.googleapis.com/envoy.extensions.upstreams.http.v3.HttpProtocolOptions
          explicit_http_config: { http2_protocol_options: {} }
      load_assignment:
        cluster_name: xds
        endpoints:
          - lb_endpoints:
              - endpoint: { address: { socket_address: { address: ${XDS_HOST}, port_value: ${XDS_PORT} } } }
YAML
set -- --config-path "$bootstrap" --log-level "$ENVOY_LOG_LEVEL" \
  --drain-time-s 1 --drain-strategy immediate "$@"
# Envoy's default is one worker per hardware thread of the host, whatever the container's CPU limit.
if [ -n "$ENVOY_CONCURRENCY" ]; then set -- --concurrency "$ENVOY_CONCURRENCY" "$@"; fi
# ADMIN_LOG_LEVEL (unset by default): once Envoy's admin API answers, switch every logger to that
# level through it (POST /logging?level=...), as an operator does on a running gateway; the
# operating-curve benchmark's "debug logging switched on" regression (bench/oc-envoy.yml).
if [ -n "${ADMIN_LOG_LEVEL:-}" ]; then
  ADMIN_LOG_LEVEL="$ADMIN_LOG_LEVEL" bash -c '
    post() {
      exec 3<>/dev/tcp/127.0.0.1/9901 || return 1
      printf "POST /logging?level=%s HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: 0\r\n\r\n" "$ADMIN_LOG_LEVEL" >&3
      head -n 1 <&3 | grep -q " 200 "
    }
    for _ in $(seq 1 300); do
      if post 2>/dev/null; then echo "start-envoy: admin API: POST /logging?level=$ADMIN_LOG_LEVEL answered 200" >&2; exit 0; fi
      sleep 0.1
    done
    echo "start-envoy: admin API: POST /logging?level=$ADMIN_LOG_LEVEL failed for 30 s" >&2' &
fi
exec envoy "$@"
