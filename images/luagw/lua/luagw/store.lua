-- The configuration store: routes and consumers as JSON in the luagw_config shared dict (seen by every
-- worker, kept across reloads), and a per-worker decoded view rebuilt only when the dict's version
-- counter moved. A request then costs one shared-dict read and table lookups, however many routes
-- there are (APISIX keeps etcd's data in worker memory the same way).
local cjson = require('cjson.safe')
local policies = require('luagw.policies')

local dict = ngx.shared.luagw_config
local M = {}

--- Stores one object ("route" or "consumer") and bumps the version workers watch.
function M.put(kind, id, value)
  local ok, err = dict:set(kind .. ':' .. id, cjson.encode(value))
  if not ok then return nil, err end
  dict:incr('version', 1, 0)
  return true
end

function M.get(kind, id)
  local raw = dict:get(kind .. ':' .. id)
  return raw and cjson.decode(raw) or nil
end

function M.delete(kind, id)
  dict:delete(kind .. ':' .. id)
  dict:incr('version', 1, 0)
end

--- Every stored object of a kind, by id.
function M.all(kind)
  local out, prefix = {}, kind .. ':'
  for _, key in ipairs(dict:get_keys(0)) do
    if key:sub(1, #prefix) == prefix then
      out[key:sub(#prefix + 1)] = cjson.decode(dict:get(key))
    end
  end
  return out
end

-- This worker's view: routes by URI and by id (with their Lua hooks compiled), consumers by key.
local view = { version = -1, by_uri = {}, by_id = {}, by_key = {} }

local function rebuild(version)
  local by_uri, by_id, by_key = {}, {}, {}
  for id, route in pairs(M.all('route')) do
    route.id = id
    route.request_hooks, route.response_hooks = policies.compile(route.policies or {}, 'lua')
    route.native = policies.has_native(route.policies or {})
    by_uri[route.uri] = route
    by_id[id] = route
  end
  for id, consumer in pairs(M.all('consumer')) do
    consumer.id = id
    local auth = consumer.plugins and consumer.plugins['key-auth']
    if auth and auth.key then by_key[auth.key] = consumer end
  end
  view = { version = version, by_uri = by_uri, by_id = by_id, by_key = by_key }
end

--- The current view, rebuilt first when the admin API changed anything since the last request.
function M.view()
  local version = dict:get('version') or 0
  if version ~= view.version then rebuild(version) end
  return view
end

return M
