-- wrk's script for bench/api: each request goes to the next seeded user in turn (its session cookie
-- and its own client address, so per-address limits count per user), and a POST carries a fresh
-- URL each time (the run, the thread and a count: the same URL again the same day would be answered
-- as already saved, not saved). Arguments after `--`: users file (cookie TAB address per line),
-- method, path, origin, the run's name.
-- `done` prints one JSON line that bench/support/wrk.ts reads.
local users = {}
local method, path, origin, run
local n = 0
local threads = 0
setup = function(thread)
  threads = threads + 1
  thread:set("tid", threads)
end
init = function(args)
  for line in io.lines(args[1]) do
    local cookie, address = line:match("^([^\t]*)\t([^\t]+)$")
    users[#users + 1] = { cookie = cookie, address = address }
  end
  method, path, origin, run = args[2], args[3], args[4], args[5]
end
request = function()
  n = n + 1
  local user = users[(n % #users) + 1]
  local headers = { ["X-Forwarded-For"] = user.address }
  if user.cookie ~= "" then headers["Cookie"] = user.cookie end
  local body = nil
  if method == "POST" then
    headers["Origin"] = origin
    headers["Content-Type"] = "application/json"
    body = string.format('{"url":"https://bench.invalid/%s/%d/%d","notes":"Saved by the benchmark","categories":["Article","Tools"]}', run, tid, n)
  end
  return wrk.format(method, path, headers, body)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.status, e.connect, e.read, e.write, e.timeout))
end
