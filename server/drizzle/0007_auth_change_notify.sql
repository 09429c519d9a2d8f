-- Every instance caches, per token, what its user may do. Any change to what that is loaded from
-- tells them: a NOTIFY on channel headoffice_auth with the tenant id ('*' when no tenant is set),
-- delivered to every instance on commit, and a transaction-local flag that the writing request
-- reads before it answers, so that its own instance forgets at once.
CREATE OR REPLACE FUNCTION app_auth_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('headoffice.auth_changed', '1', true);
  PERFORM pg_notify('headoffice_auth', coalesce(nullif(current_setting('app.tenant_id', true), ''), '*'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER INSERT OR DELETE OR UPDATE OF username, name, status, token_version ON users
  FOR EACH STATEMENT EXECUTE FUNCTION app_auth_changed();
--> statement-breakpoint
CREATE TRIGGER revoked_tokens_auth_changed AFTER INSERT OR UPDATE OR DELETE ON revoked_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION app_auth_changed();
--> statement-breakpoint
CREATE TRIGGER user_roles_auth_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION app_auth_changed();
--> statement-breakpoint
CREATE TRIGGER user_shops_auth_changed AFTER INSERT OR UPDATE OR DELETE ON user_shops
  FOR EACH STATEMENT EXECUTE FUNCTION app_auth_changed();
--> statement-breakpoint
CREATE TRIGGER roles_auth_changed AFTER INSERT OR UPDATE OR DELETE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION app_auth_changed();
--> statement-breakpoint
CREATE TRIGGER role_menus_auth_changed AFTER INSERT OR UPDATE OR DELETE ON role_menus
  FOR EACH STATEMENT EXECUTE FUNCTION app_auth_changed();
--> statement-breakpoint
CREATE TRIGGER menus_auth_changed AFTER INSERT OR UPDATE OR DELETE ON menus
  FOR EACH STATEMENT EXECUTE FUNCTION app_auth_changed();
