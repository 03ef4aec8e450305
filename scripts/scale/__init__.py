"""`make test-scale`: Lumo on several nodes behind a real load balancer, with failures (docs/operations.md).

Topology, all on loopback: HAProxy (Debian's) on SCALE_LB_PORT in front of two gunicorn API nodes
(separate processes, separate ports, 2 workers each), two Celery workers and one beat on Redis, one
PostgreSQL database of the run's own, and an SMTP stand-in that records every e-mail it receives.

Bounded mixed load (SCALE_USERS parents, SCALE_THREADS at a time, each from its own loopback address):
register, log in, read the plans, then pay for a plan or redeem a campaign coupon, and validate a coupon.
After a third of the parents, API node 1 and worker 1 are killed (SIGKILL); after two thirds they are
started again. Then the checks:
- registrations, subscriptions, redemptions: every one the client saw succeed is in the database,
  exactly once; nothing the client did not ask for; a payment left pending by the killed node is resolved
  by the clock's sweep (run as if its 2 minutes had passed) and then paid, once;
- e-mails: every e-mail of the outbox delivered and received; none received twice, except that a worker
  SIGKILLed between the SMTP server's acceptance and the delivered mark sends that one message again after
  its lease (same Message-ID, so mail clients show it once): at most one per killed worker, reported;
- rate limits shared: from one address, RATE_LIMIT_PER_MINUTE attempts pass through the balancer, the
  rest get 429, although the two nodes take turns;
- sessions and redirect keys: a token works on either node; a redirect key made on one node is spent
  on the other, and then refused on the first;
- beat runs once: the scheduler sent the clock task once per CLOCK_SECONDS, each received by one worker.
Prints a summary (and writes var/scale/summary.json); exit status 1 when a check fails.
This is a test tool, not application code: it reads its SCALE_* settings from the environment itself.

Run from the repository's root as `python -m scripts.scale`. Its modules: `config` (the SCALE_* settings
and the log line), `harness` (the SMTP stand-in, the processes and the topology), `client` (HTTP calls,
retried as a client would), `journeys` (what one parent does, and the payments caught by the kill),
`checks` (what is verified after the load) and `scenario` (`main`: set up, load, kill, check, tear down).
"""
