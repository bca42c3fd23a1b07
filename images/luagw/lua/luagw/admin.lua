-- The admin API (:9180), APISIX-shaped: PUT/GET/DELETE /admin/routes/{id} and /admin/consumers/{id},
-- GET /admin/routes and /admin/consumers. Objects are validated, stored in the shared dict (the data
-- plane sees them on its next request) and echoed back as {"key": ..., "value": ...}. A change to a
-- route with native policies also rewrites the include of named locations and reloads nginx.
local cjson = require('cjson.safe')
local ffi = require('ffi')
local store = require('luagw.store')
local policies = require('luagw.policies')

ffi.cdef('int kill(int pid, int sig);')

local M = {}
local INCLUDE = '/var/lib/luagw/routes.conf'
local PID_FILE = '/tmp/nginx.pid'
local ID = '^[%w_%-]+$'
local URI = '^/[%w%-%._~/]*$'
local UPSTREAM = '^[%w_%-]+$'

local function reply(status, body)
  ngx.status = status
  ngx.say(cjson.encode(body))
  return ngx.exit(status)
end

local function fail(status, message) return reply(status, { error_msg = message }) end

local KNOWN_PLUGINS = {
  mocking = true,
  ['key-auth'] = true,
  ['jwt-auth'] = true,
  ['limit-count'] = true,
  ['request-validation'] = true,
}

local function validate_route(route)
  if type(route.uri) ~= 'string' or not route.uri:match(URI) then return 'uri must be a path such as "/r/1"' end
  local plugins = route.plugins or {}
  if type(plugins) ~= 'table' then return 'plugins must be an object' end
  if not plugins.mocking and (type(route.upstream) ~= 'string' or not route.upstream:match(UPSTREAM)) then
    return 'upstream must name an upstream of nginx.conf, e.g. "echo"'
  end
  for name in pairs(plugins) do
    if not KNOWN_PLUGINS[name] then
      return 'unknown plugin "' .. name .. '" (mocking, key-auth, jwt-auth, limit-count, request-validation)'
    end
  end
  local lc = plugins['limit-count']
  if lc and (type(lc.count) ~= 'number' or lc.count < 1 or type(lc.time_window) ~= 'number' or lc.time_window < 1) then
    return 'limit-count needs count and time_window (seconds), both at least 1'
  end
  if lc and lc.key ~= nil and (type(lc.key) ~= 'string' or not lc.key:match('^[%w_]+$')) then
    return 'limit-count.key must name an nginx variable, e.g. "http_x_consumer"'
  end
  local jwt = plugins['jwt-auth']
  if jwt and (type(jwt.secret) ~= 'string' or #jwt.secret < 1 or #jwt.secret > 1024) then
    return 'jwt-auth needs secret (the HS256 key)'
  end
  local list = route.policies or {}
  if type(list) ~= 'table' then return 'policies must be a list' end
  for i, p in ipairs(list) do
    local err = policies.validate(p, i)
    if err then return err end
  end
  if plugins.mocking and #list > 0 then return 'a mocking route answers itself: it takes no policies' end
  return nil
end

local function validate_consumer(consumer)
  if type(consumer.username) ~= 'string' or not consumer.username:match(ID) then return 'username must be a name' end
  local auth = consumer.plugins and consumer.plugins['key-auth']
  if auth and (type(auth.key) ~= 'string' or #auth.key < 1 or #auth.key > 256) then return 'key-auth.key must be a string' end
  return nil
end

-- One named location per route with native policies: the chain's directives around the same proxy
-- settings as the shared location (a location with its own proxy_set_header inherits none), and the
-- same Lua header filter, so a native chain differs from no policies only by its directives (and the
-- internal redirect into it).
local function render()
  local lines = { '# Written by the luagw admin API; do not edit.' }
  for id, route in pairs(store.all('route')) do
    local list = route.policies or {}
    if policies.has_native(list) then
      lines[#lines + 1] = 'location @luagw_' .. id .. ' {'
      lines[#lines + 1] = '  proxy_pass http://' .. route.upstream .. ';'
      lines[#lines + 1] = '  proxy_http_version 1.1;'
      lines[#lines + 1] = "  proxy_set_header Connection '';"
      lines[#lines + 1] = '  proxy_set_header Host $host;'
      for _, directive in ipairs(policies.directives(list)) do lines[#lines + 1] = '  ' .. directive end
      lines[#lines + 1] = "  header_filter_by_lua_block { require('luagw.gateway').header_filter('" .. id .. "') }"
      lines[#lines + 1] = '}'
    end
  end
  local tmp = INCLUDE .. '.tmp'
  local file, err = io.open(tmp, 'w')
  if not file then return nil, err end
  file:write(table.concat(lines, '\n'), '\n')
  file:close()
  -- A rename is atomic: a reload never reads half a file.
  local ok, rename_err = os.rename(tmp, INCLUDE)
  if not ok then return nil, rename_err end
  local pid_file = io.open(PID_FILE)
  if not pid_file then return nil, 'no ' .. PID_FILE end
  local pid = tonumber(pid_file:read('*l'))
  pid_file:close()
  -- SIGHUP (1): the master re-reads the config and starts new workers; old ones finish their
  -- requests. The route answers 500 until then (no named location yet), which a readiness probe sees.
  if not pid or ffi.C.kill(pid, 1) ~= 0 then return nil, 'could not signal the nginx master' end
  return true
end

local function put(kind, id, value)
  local existed = store.get(kind, id) ~= nil
  local before = kind == 'route' and existed and policies.has_native(store.get(kind, id).policies or {})
  local ok, err = store.put(kind, id, value)
  if not ok then return fail(500, 'store: ' .. tostring(err)) end
  if kind == 'route' and (before or policies.has_native(value.policies or {})) then
    local rendered, render_err = render()
    if not rendered then return fail(500, 'render: ' .. tostring(render_err)) end
  end
  return reply(existed and 200 or 201, { key = kind .. 's/' .. id, value = value })
end

local function check_key()
  local want = os.getenv('LUAGW_ADMIN_KEY')
  if want and want ~= '' and ngx.var.http_x_api_key ~= want then return fail(401, 'wrong or missing X-API-KEY') end
end

function M.handle()
  check_key()
  local kind, id = ngx.var.uri:match('^/admin/(%a+)s/?([^/]*)$')
  if kind ~= 'route' and kind ~= 'consumer' then return fail(404, 'expected /admin/routes[/id] or /admin/consumers[/id]') end
  if id ~= '' and not id:match(ID) then return fail(400, 'an id is letters, digits, "-" and "_"') end
  local method = ngx.req.get_method()
  if id == '' then
    if method ~= 'GET' then return fail(405, 'list with GET; create with PUT .../{id}') end
    return reply(200, store.all(kind))
  end
  if method == 'GET' then
    local value = store.get(kind, id)
    if not value then return fail(404, kind .. ' ' .. id .. ' not found') end
    return reply(200, { key = kind .. 's/' .. id, value = value })
  elseif method == 'DELETE' then
    local native = kind == 'route' and policies.has_native((store.get(kind, id) or {}).policies or {})
    store.delete(kind, id)
    if native then render() end
    return reply(200, { deleted = kind .. 's/' .. id })
  elseif method == 'PUT' then
    ngx.req.read_body()
    local value = cjson.decode(ngx.req.get_body_data() or '')
    if type(value) ~= 'table' then return fail(400, 'expected a JSON object') end
    local err
    if kind == 'route' then err = validate_route(value) else err = validate_consumer(value) end
    if err then return fail(400, err) end
    return put(kind, id, value)
  end
  return fail(405, 'expected GET, PUT or DELETE')
end

return M
