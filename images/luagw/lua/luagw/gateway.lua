-- The data plane: find the route (exact URI), run its plugins in APISIX's priority order (mocking,
-- key-auth, limit-count), then its Lua request policies, then hand over to the proxy: the shared
-- location's proxy_pass, or the route's rendered named location when it has native policies.
local store = require('luagw.store')

local M = {}
local limit = ngx.shared.luagw_limit

local function reject(status, message)
  ngx.status = status
  ngx.header['Content-Type'] = 'application/json'
  ngx.say('{"error_msg":"', message, '"}')
  return ngx.exit(status)
end

-- mocking: answers from the gateway without any upstream (seed 003's ceiling).
local function mocking(conf)
  ngx.status = conf.response_status or 200
  ngx.header['Content-Type'] = conf.content_type or 'text/plain'
  ngx.print(conf.response_example or '')
  return ngx.exit(ngx.status)
end

-- key-auth: the consumer whose key the request carries (header "apikey", as APISIX).
local function key_auth(conf, view)
  -- Read through the variable, not ngx.req.get_headers(), which would build a table of every header.
  local key = ngx.var['http_' .. (conf.header or 'apikey'):lower():gsub('-', '_')]
  if not key then return reject(401, 'Missing API key found in request') end
  local consumer = view.by_key[key]
  if not consumer then return reject(401, 'Invalid API key in request') end
  return consumer
end

-- limit-count: a fixed window per route and client address in a shared dict, so all workers count
-- together; the response says the limit and what is left, as APISIX does.
local function limit_count(conf, route)
  local key = route.id .. ':' .. ngx.var.remote_addr
  local n, err = limit:incr(key, 1, 0, conf.time_window)
  if not n then return reject(500, 'limit-count: ' .. tostring(err)) end
  ngx.header['X-RateLimit-Limit'] = conf.count
  ngx.header['X-RateLimit-Remaining'] = math.max(conf.count - n, 0)
  if n > conf.count then return reject(conf.rejected_code or 503, 'Too many requests') end
end

function M.access()
  local view = store.view()
  local route = view.by_uri[ngx.var.uri]
  if not route then return reject(404, 'no route for ' .. ngx.var.uri) end
  local plugins = route.plugins or {}
  if plugins.mocking then return mocking(plugins.mocking) end
  if plugins['key-auth'] then key_auth(plugins['key-auth'], view) end
  if plugins['limit-count'] then limit_count(plugins['limit-count'], route) end
  for _, hook in ipairs(route.request_hooks) do hook() end
  if route.native then
    -- ngx.ctx does not survive the redirect; the named location passes the route id to
    -- header_filter itself.
    return ngx.exec('@luagw_' .. route.id)
  end
  ngx.ctx.route = route
  ngx.var.luagw_upstream = route.upstream
end

--- The Lua response policies; `id` names the route in a rendered named location.
function M.header_filter(id)
  local route = ngx.ctx.route
  if id then route = store.view().by_id[id] end
  if not route then return end
  for _, hook in ipairs(route.response_hooks) do hook() end
end

return M
