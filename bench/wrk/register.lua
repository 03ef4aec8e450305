-- POST /v5/accounts with a new e-mail address on every request: RUN_ID (set by bench/load.py, new for
-- every wrk run) keeps two runs started within the same second from reusing an address.
local run_id = os.getenv("RUN_ID") or tostring(os.time())
local counter = 0
local thread_id = 0
function setup(thread)
  thread:set("tid", thread_id)
  thread_id = thread_id + 1
end
function request()
  counter = counter + 1
  local email = string.format("bench-%s-%d-%d@lumo.example", run_id, tid, counter)
  local body = '{"email":"' .. email .. '","password":"' .. string.rep("a", 64) .. '","isTcAccepted":true}'
  return wrk.format("POST", "/v5/accounts", {["Content-Type"] = "application/json"}, body)
end
