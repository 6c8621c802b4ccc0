-- The orders benches' load, as wrk runs it (bench/lib/load.ts starts `wrk -t N -c N`): one thread
-- per connection, so that each thread's requests are its connection's, in turn, and a campaign's
-- orders in a row are never sent before the one before is answered. Patterns, as
-- bench/orders-load.mjs (autocannon's) sends them:
-- - `in-a-row`: each connection a campaign's orders in a row, then its next campaign
--   (connection k takes campaigns k, k + N, k + 2N, …);
-- - `round-robin`: request t goes to campaign t of a ring of `ring`, its next order each lap, the
--   turns dealt among the connections in turn; when the ring's orders are spent the next ring of
--   the fleet takes over;
-- - `bgio`: boardgame.io's moves, one match per connection, each on the stateID its last answered;
-- - `get`: a GET of the route.
-- With `amount` > 0 each connection sends its share and stops (writing "stopped" on stderr, for
-- the driver to end the run); else the run lasts wrk's -d. wrk's Lua has no JSON: the job comes
-- as a file of lines (bench/lib/load.ts writes it) and the answer as one JSON line from done().
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("id", threads)
end

local pattern, route, ring, first, amount
local campaigns, orders, matches = {}, {}, {}
local id, connections, share
local answered, taken, nextOrder, turn, cell = 0, 0, 1, 0, 0
local stateID = 0

function init(args)
  local lines = {}
  for line in io.lines(args[1]) do lines[#lines + 1] = line end
  pattern, route = lines[1], lines[2]
  local token = lines[3]
  ring, first, amount = tonumber(lines[4]), tonumber(lines[5]), tonumber(lines[6])
  local at = 7
  local function list(into)
    local n = tonumber(lines[at])
    for i = 1, n do into[i] = lines[at + i] end
    at = at + n + 1
  end
  list(campaigns)
  list(orders)
  list(matches)
  id = tonumber(wrk.thread:get("id"))
  connections = tonumber(args[2])
  share = math.floor(amount / connections) + ((id <= amount % connections) and 1 or 0)
  if token ~= "" then wrk.headers["authorization"] = "Bearer " .. token end
  wrk.headers["content-type"] = "application/json"
  if ring > #campaigns then ring = #campaigns end
  turn = first + id - 1
  cell = id - 1
end

local function campaignPath(c)
  return (route:gsub("{campaign}", c))
end

-- What the connection sends next moves on in response(), not here: wrk calls request() once on
-- the first thread's script before any connection (to count pipelined requests) and sends
-- nothing of it, so a request() that took a turn would skip one and send one past its share.
function request()
  if pattern == "round-robin" then
    local lap = math.floor(turn / ring)
    local start = (math.floor(lap / #orders) * ring) % #campaigns
    local c = campaigns[((start + (turn % ring)) % #campaigns) + 1]
    return wrk.format("POST", campaignPath(c), nil, '{"order":' .. orders[(lap % #orders) + 1] .. '}')
  elseif pattern == "bgio" then
    local matchID, playerID, credentials = matches[id]:match("^(%S+) (%S+) (%S+)$")
    local body = string.format('{"playerID":"%s","credentials":"%s","stateID":%d,"cell":%d}', playerID, credentials, stateID, cell % 100)
    return wrk.format("POST", "/games/bench/" .. matchID .. "/move", nil, body)
  elseif pattern == "get" then
    return wrk.format("GET", route)
  end
  local campaign = campaigns[((id - 1 + taken * connections) % #campaigns) + 1]
  return wrk.format("POST", campaignPath(campaign), nil, '{"order":' .. orders[nextOrder] .. '}')
end

local refusals = 0
function response(status, headers, body)
  answered = answered + 1
  -- The first refusals of each connection, for the driver to show (a fleet too small for this speed?).
  if status > 399 and refusals < 3 then
    refusals = refusals + 1
    io.stderr:write("refused " .. status .. ": " .. body:sub(1, 300) .. "\n")
  end
  turn = turn + connections
  cell = cell + 1
  if pattern == "bgio" and status == 200 then stateID = tonumber(body:match('"stateID":(%d+)')) or stateID end
  nextOrder = nextOrder + 1
  if nextOrder > #orders then
    nextOrder = 1
    taken = taken + 1
  end
  if amount > 0 and answered == share then
    io.stderr:write("stopped\n")
    wrk.thread:stop()
  end
end

function done(summary, latency)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"non2xx":%d,"errors":%d,"timeouts":%d,"p50":%.3f,"p99":%.3f,"microseconds":%d}\n',
    summary.requests, e.status, e.connect + e.read + e.write, e.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.duration))
end
