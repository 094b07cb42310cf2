-- The outbox (decision 49): side effects of committed changes, written in the change's own
-- transaction and delivered by the job worker with retries; and the periodic jobs, each run once
-- across processes by a conditional update of its next run.
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_dedupe_key" ON "outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("created_at") WHERE "outbox"."status" = 'pending';
--> statement-breakpoint
-- A queued item wakes every process's worker at commit (NOTIFY is transactional); polling
-- remains for retries that come due and for notifications missed while a connection was down.
CREATE OR REPLACE FUNCTION "notify_outbox_queued"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_queued', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "outbox_queued"
AFTER INSERT ON "outbox"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_outbox_queued"();
