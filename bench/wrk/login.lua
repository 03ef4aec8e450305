-- POST /v4/accounts/login for LOGIN_ACCOUNTS different parents in turn (login-<n>@lumo.example, all with
-- the password hash PASSWORD): a campaign launch is many parents logging in once each. One account
-- hammered by 32 clients at once would trip its own failed-login throttle (every attempt is counted
-- before its password is checked), which is the throttle working, not the login being slow.
local accounts = tonumber(os.getenv("LOGIN_ACCOUNTS"))
local password = os.getenv("PASSWORD")
local next_account = 0
local thread_id = 0
function setup(thread)
  thread:set("tid", thread_id)
  thread_id = thread_id + 1
end
function init(args)
  next_account = tid * 7  -- threads start apart
end
function request()
  next_account = (next_account + 1) % accounts
  local body = '{"email":"login-' .. next_account .. '@lumo.example","password":"' .. password .. '"}'
  return wrk.format("POST", "/v4/accounts/login", {["Content-Type"] = "application/json"}, body)
end
