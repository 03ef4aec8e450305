-- POST a JSON body read from the environment (BODY); the same body for every request.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = os.getenv("BODY")
