-- threadring's echo load for wrk: every request posts the same body, and every response must be
-- 200 with exactly that body. Each wrk thread runs its own Lua state and counts its own responses;
-- done() (in the main state) adds them up through thread:get and writes one JSON object to the
-- file named by the script's first argument, which threadring reads as typed data.
--
-- Connections first, then the clock: the runner creates the file named by the second argument
-- once the server holds every connection, holding the time its window opens (us on
-- CLOCK_MONOTONIC, the clock of the runner's System.nanoTime). Until then responses are only
-- checked; from that time on each thread counts the responses of its window (the third argument,
-- in ms) and then stops counting. Without a second argument the window is the whole run (the
-- warm-up).
--
-- Paced connections: with a fourth argument above 0, each thread starts that many ms after the one
-- before (wrk opens a thread's connections at once when the thread starts), so the server's listen
-- queue sees one thread's connections at a time, not all C. wrk calls init on its main thread, on
-- the new thread's own Lua state, just before it starts that thread: the wait goes there.

local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } threadring_timespec;
int clock_gettime(int clk_id, threadring_timespec *tp);
int poll(void *fds, unsigned long nfds, int timeout);
]]
local CLOCK_MONOTONIC = 1
local ts = ffi.new("threadring_timespec")
local function now_us()
   ffi.C.clock_gettime(CLOCK_MONOTONIC, ts)
   return tonumber(ts.tv_sec) * 1000000 + math.floor(tonumber(ts.tv_nsec) / 1000)
end

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
   gate = args[2]
   window_us = tonumber(args[3] or "0") * 1000
   pace_ms = tonumber(args[4] or "0")
   if pace_ms > 0 then
      ffi.C.poll(nil, 0, pace_ms)
   end
   checked = 0
   wrong = 0
   first = nil
   counted = 0
   started_us = 0
   ended_us = 0
   if gate == nil then
      started_us = now_us()
   end
end

-- Until the gate opens, a connection waits a second after each answer before its next request:
-- the connections are opened and held, not loaded, so a server accepts them without also serving
-- a full load (the first request of each goes out on connect). From the gate on: no wait.
function delay()
   if gate ~= nil and started_us == 0 then
      return 1000
   end
   return 0
end

function response(status, headers, got)
   checked = checked + 1
   if status ~= 200 or got ~= body then
      wrong = wrong + 1
      if first == nil then
         first = "status " .. status .. " with " .. #(got or "") .. " bytes"
      end
   end
   if started_us == 0 then
      if checked % 16 == 0 or checked < 16 then
         local g = io.open(gate, "r")
         if g then
            -- the gate holds when the window opens (CLOCK_MONOTONIC, us): after every connection's last wait
            local at = tonumber(g:read("*l") or "")
            g:close()
            if at then
               started_us = at
            end
         end
      end
   elseif ended_us == 0 then
      local now = now_us()
      if now < started_us then
         -- connections still leaving their last wait: not counted
      elseif window_us > 0 and now - started_us >= window_us then
         ended_us = now
      else
         counted = counted + 1
      end
   end
end

function done(summary, latency, requests)
   local checked, wrong, first, out, counted, started, ended, window = 0, 0, nil, nil, 0, 0, 0, 0
   for _, t in ipairs(threads) do
      checked = checked + t:get("checked")
      wrong = wrong + t:get("wrong")
      first = first or t:get("first")
      out = out or t:get("out")
      counted = counted + t:get("counted")
      local s, e = t:get("started_us"), t:get("ended_us")
      if s > 0 and (started == 0 or s < started) then started = s end
      if e > ended then ended = e end
      window = t:get("window_us")
   end
   if started > 0 and ended == 0 and window > 0 then
      -- no answer came between the window's end and the SIGINT: every counted one came within it
      ended = started + window
   end
   local e = summary.errors
   local f = assert(io.open(out, "w"))
   f:write(string.format(
      '{"requests":%d,"durationUs":%d,"bytes":%d,"bodyBytes":%d,"checked":%d,"wrong":%d,"firstWrong":%s,' ..
      '"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"statusErrors":%d,"timeouts":%d,' ..
      '"windowRequests":%d,"windowStartUs":%d,"windowEndUs":%d,' ..
      '"latencyUs":{"p50":%d,"p90":%d,"p99":%d,"p999":%d,"max":%d,"mean":%.1f}}\n',
      summary.requests, summary.duration, summary.bytes, #body, checked, wrong,
      first and ('"' .. first .. '"') or "null",
      e.connect, e.read, e.write, e.status, e.timeout, counted, started, ended,
      latency:percentile(50), latency:percentile(90), latency:percentile(99), latency:percentile(99.9),
      latency.max, latency.mean))
   f:close()
end
