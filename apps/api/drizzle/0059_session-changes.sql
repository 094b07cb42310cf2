-- Every committed change that can end a session or change who it stands for is announced on the
-- channel "sessions_changed" with the account's id (issue 33.5, decision 100): a session ended
-- (sign-out, password change, revocation) or changed, an account's name, email, mobile, role or
-- type changed or the account deleted, a seller's approval changed. API processes LISTEN there
-- and drop what they keep of that account's sessions, so a session read from a process's memory
-- is never one the database no longer holds as it was. NOTIFY is delivered only on commit, and
-- repeats of one payload within a transaction fold into one. TRUNCATE announces '*' (every one).
CREATE OR REPLACE FUNCTION "notify_sessions_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  account uuid;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('sessions_changed', '*');
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'users' THEN
    account := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
  ELSE
    account := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
  END IF;
  PERFORM pg_notify('sessions_changed', account::text);
  -- A row moved to another account (never done, but possible by hand) concerns the old one too.
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME <> 'users' THEN
    IF OLD.user_id IS DISTINCT FROM NEW.user_id THEN
      PERFORM pg_notify('sessions_changed', OLD.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changed"
AFTER UPDATE OR DELETE ON "sessions"
FOR EACH ROW EXECUTE FUNCTION "notify_sessions_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_truncated"
AFTER TRUNCATE ON "sessions"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_sessions_changed"
AFTER UPDATE OF "user_name", "email", "mobile", "role", "type" OR DELETE ON "users"
FOR EACH ROW EXECUTE FUNCTION "notify_sessions_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_truncated_sessions"
AFTER TRUNCATE ON "users"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
--> statement-breakpoint
CREATE TRIGGER "vendor_profiles_sessions_changed"
AFTER INSERT OR UPDATE OF "status", "user_id" OR DELETE ON "vendor_profiles"
FOR EACH ROW EXECUTE FUNCTION "notify_sessions_changed"();
--> statement-breakpoint
CREATE TRIGGER "vendor_profiles_truncated_sessions"
AFTER TRUNCATE ON "vendor_profiles"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
