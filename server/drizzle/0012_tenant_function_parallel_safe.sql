-- The tenant function reads one setting, which parallel workers inherit from the leader: it is
-- parallel safe. Left PARALLEL UNSAFE (the default), every query under the tenant policy was planned
-- without parallel workers. It stays STABLE (evaluated once per index scan, inlined as an expression)
-- and is not marked LEAKPROOF: it takes no argument, so it cannot leak a row, the policy's own qual
-- is applied first whatever its marking, and LEAKPROOF needs a superuser the production migration
-- role need not be.
ALTER FUNCTION app_current_tenant() PARALLEL SAFE;
