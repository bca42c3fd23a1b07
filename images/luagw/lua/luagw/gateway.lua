-- The data plane: find the route (exact URI), run its plugins in APISIX's priority order (mocking,
-- key-auth, jwt-auth, limit-count, request-validation), then its Lua request policies, then hand over to the proxy: the shared
-- location's proxy_pass, or the route's rendered named location when it has native policies.
local store = require('luagw.store')
local cjson = require('cjson.safe')
local ffi = require('ffi')

-- HMAC-SHA256 from the libcrypto nginx itself links (Debian's Lua module has only ngx.hmac_sha1).
ffi.cdef([[
typedef struct evp_md_st EVP_MD;
const EVP_MD *EVP_sha256(void);
unsigned char *HMAC(const EVP_MD *md, const void *key, int key_len, const unsigned char *d, size_t n,
                    unsigned char *out, unsigned int *out_len);
]])
local libcrypto = ffi.load('libcrypto.so.3')

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

local function base64url(bytes)
  return (ngx.encode_base64(bytes):gsub('%+', '-'):gsub('/', '_'):gsub('=', ''))
end

local function from_base64url(text)
  local padded = text:gsub('%-', '+'):gsub('_', '/')
  return ngx.decode_base64(padded .. string.rep('=', (4 - #padded % 4) % 4))
end

local function hmac_sha256(key, data)
  local out = ffi.new('unsigned char[32]')
  local len = ffi.new('unsigned int[1]')
  libcrypto.HMAC(libcrypto.EVP_sha256(), key, #key, data, #data, out, len)
  return ffi.string(out, len[0])
end

-- jwt-auth: an HS256 bearer token (header "Authorization: Bearer ...") signed with the route's
-- secret and not expired, as APISIX's jwt-auth checks it (the secret on the route, not per consumer).
local function jwt_auth(conf)
  local header = ngx.var.http_authorization
  local token = header and header:match('^Bearer%s+(.+)$')
  if not token then return reject(401, 'Missing JWT token in request') end
  local head, body, signature = token:match('^([%w_-]+)%.([%w_-]+)%.([%w_-]+)$')
  if not head then return reject(401, 'JWT token invalid') end
  local header_json = cjson.decode(from_base64url(head) or '')
  if type(header_json) ~= 'table' or header_json.alg ~= 'HS256' then return reject(401, 'JWT algorithm not HS256') end
  if base64url(hmac_sha256(conf.secret, head .. '.' .. body)) ~= signature then
    return reject(401, 'failed to verify jwt')
  end
  local claims = cjson.decode(from_base64url(body) or '')
  if type(claims) ~= 'table' then return reject(401, 'JWT payload invalid') end
  if type(claims.exp) == 'number' and claims.exp < ngx.time() then return reject(401, 'JWT token expired') end
end

-- request-validation: a body that is not JSON is bad input, answered 400 before any upstream sees it.
local function request_validation()
  ngx.req.read_body()
  local body = ngx.req.get_body_data()
  if body == nil or cjson.decode(body) == nil then return reject(400, 'request body is not valid JSON') end
end

-- limit-count: a fixed window per route and client (the client address, or the nginx variable
-- `key` names, e.g. "http_x_consumer") in a shared dict, so all workers count together; the
-- response says the limit and what is left, as APISIX does.
local function limit_count(conf, route)
  local key = route.id .. ':' .. (ngx.var[conf.key or 'remote_addr'] or '')
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
  if plugins['jwt-auth'] then jwt_auth(plugins['jwt-auth']) end
  if plugins['limit-count'] then limit_count(plugins['limit-count'], route) end
  if plugins['request-validation'] then request_validation() end
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
