-- The policy catalog, seed 000 style: minimal policies, each with a native (nginx directive) and a
-- scripted (Lua) implementation doing the same thing, so a latency difference is the executor's.
--   request-header          sets a request header            native: proxy_set_header
--   request-body-prefix     prefixes the request body        native: proxy_set_body
--   response-header         sets a response header           native: add_header ... always
--   response-header-remove  removes a response header        native: proxy_hide_header
-- Values go into nginx.conf verbatim for native policies, so the admin API accepts only plain
-- characters (no quotes, "$", braces, backslashes or newlines).
local M = {}

M.types = {
  ['request-header'] = { phase = 'request', fields = { 'name', 'value' } },
  ['request-body-prefix'] = { phase = 'request', fields = { 'prefix' } },
  ['response-header'] = { phase = 'response', fields = { 'name', 'value' } },
  ['response-header-remove'] = { phase = 'response', fields = { 'name' } },
}

local HEADER_NAME = '^[%w%-]+$'
local PLAIN = '^[%w %-%._:;=/+,%[%]()*@!?~]*$'

--- nil when the policy is valid, else a message naming what is wrong.
function M.validate(policy, i)
  local where = 'policies[' .. i .. ']'
  if type(policy) ~= 'table' then return where .. ' must be an object' end
  local spec = M.types[policy.type]
  if not spec then return where .. '.type must be one of request-header, request-body-prefix, response-header, response-header-remove' end
  if policy.engine ~= 'native' and policy.engine ~= 'lua' then return where .. '.engine must be "native" or "lua"' end
  for _, field in ipairs(spec.fields) do
    local v = policy[field]
    if type(v) ~= 'string' then return where .. '.' .. field .. ' must be a string' end
    local pattern = field == 'name' and HEADER_NAME or PLAIN
    if not v:match(pattern) or #v > 256 then return where .. '.' .. field .. ' has characters a policy does not accept' end
  end
  return nil
end

function M.has_native(list)
  for _, p in ipairs(list) do
    if p.engine == 'native' then return true end
  end
  return false
end

-- One Lua hook: a closure made once per route and config version, so a request pays a function call
-- and the mutation, not a lookup of what to do.
local function lua_hook(p)
  if p.type == 'request-header' then
    local name, value = p.name, p.value
    return function() ngx.req.set_header(name, value) end
  elseif p.type == 'request-body-prefix' then
    local prefix = p.prefix
    return function()
      ngx.req.read_body()
      ngx.req.set_body_data(prefix .. (ngx.req.get_body_data() or ''))
    end
  elseif p.type == 'response-header' then
    local name, value = p.name, p.value
    return function() ngx.header[name] = value end
  else
    local name = p.name
    return function() ngx.header[name] = nil end
  end
end

--- The Lua hooks of a chain, split by phase and in chain order.
function M.compile(list)
  local request, response = {}, {}
  for _, p in ipairs(list) do
    if p.engine == 'lua' then
      local phase = M.types[p.type].phase
      table.insert(phase == 'request' and request or response, lua_hook(p))
    end
  end
  return request, response
end

--- The nginx directives of a chain's native policies.
function M.directives(list)
  local out = {}
  for _, p in ipairs(list) do
    if p.engine == 'native' then
      if p.type == 'request-header' then
        out[#out + 1] = string.format('proxy_set_header %s "%s";', p.name, p.value)
      elseif p.type == 'request-body-prefix' then
        out[#out + 1] = string.format('proxy_set_body "%s$request_body";', p.prefix)
      elseif p.type == 'response-header' then
        out[#out + 1] = string.format('add_header %s "%s" always;', p.name, p.value)
      else
        out[#out + 1] = string.format('proxy_hide_header %s;', p.name)
      end
    end
  end
  return out
end

return M
