-- Hand-written: the period lock's key (migration 0032) is declared STABLE, as its body is: `'…' || integer` is
-- not immutable, so as IMMUTABLE the planner could not inline it and ran it as a function of its own, planned anew,
-- for every journal entry (api/bench/runs/2026-11-28-journal-by-statement.md). Same key, same locks.
ALTER FUNCTION books_period_lock_key(integer, text) STABLE;
