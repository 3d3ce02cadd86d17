-- threadring's echo load for wrk: every request posts the same body, and every response must be
-- 200 with exactly that body. Each wrk thread runs its own Lua state and counts its own responses;
-- done() (in the main state) adds them up through thread:get and writes one JSON object to the
-- file named by the script's first argument, which threadring reads as typed data.

local body = string.rep("threadring echo!", 8) -- 128 bytes
wrk.method = "POST"
wrk.body = body
wrk.headers["Content-Type"] = "application/octet-stream"

local threads = {}

function setup(thread)
   table.insert(threads, thread)
end

function init(args)
   out = args[1]
   checked = 0
   wrong = 0
   first = nil
end

function response(status, headers, got)
   checked = checked + 1
   if status ~= 200 or got ~= body then
      wrong = wrong + 1
      if first == nil then
         first = "status " .. status .. " with " .. #(got or "") .. " bytes"
      end
   end
end

function done(summary, latency, requests)
   local checked, wrong, first, out = 0, 0, nil, nil
   for _, t in ipairs(threads) do
      checked = checked + t:get("checked")
      wrong = wrong + t:get("wrong")
      first = first or t:get("first")
      out = out or t:get("out")
   end
   local e = summary.errors
   local f = assert(io.open(out, "w"))
   f:write(string.format(
      '{"requests":%d,"durationUs":%d,"bytes":%d,"bodyBytes":%d,"checked":%d,"wrong":%d,"firstWrong":%s,' ..
      '"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"statusErrors":%d,"timeouts":%d,' ..
      '"latencyUs":{"p50":%d,"p90":%d,"p99":%d,"p999":%d,"max":%d,"mean":%.1f}}\n',
      summary.requests, summary.duration, summary.bytes, #body, checked, wrong,
      first and ('"' .. first .. '"') or "null",
      e.connect, e.read, e.write, e.status, e.timeout,
      latency:percentile(50), latency:percentile(90), latency:percentile(99), latency:percentile(99.9),
      latency.max, latency.mean))
   f:close()
end
