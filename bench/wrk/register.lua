-- POST /v5/accounts with a new e-mail address on every request.
local counter = 0
local thread_id = 0
function setup(thread)
  thread:set("tid", thread_id)
  thread_id = thread_id + 1
end
function request()
  counter = counter + 1
  local email = string.format("bench-%d-%d-%d@lumo.example", os.time(), tid, counter)
  local body = '{"email":"' .. email .. '","password":"' .. string.rep("a", 64) .. '","isTcAccepted":true}'
  return wrk.format("POST", "/v5/accounts", {["Content-Type"] = "application/json"}, body)
end
