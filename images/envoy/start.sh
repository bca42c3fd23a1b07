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
exec envoy "$@"
