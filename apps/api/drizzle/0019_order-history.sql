-- The order's timeline (issue 15): every lifecycle move, written in the move's own transaction.
-- Orders placed before it get their first line, "placed", at the time they were placed.
CREATE TABLE "order_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"sub_order_id" uuid,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor" text NOT NULL,
	"actor_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_sub_order_id_sub_orders_id_fk" FOREIGN KEY ("sub_order_id") REFERENCES "public"."sub_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","created_at");--> statement-breakpoint
INSERT INTO "order_history" ("order_id", "event", "to_status", "actor", "actor_id", "created_at")
SELECT "id", 'place', CASE WHEN "payment_method" = 'COD' THEN 'confirmed' ELSE 'pending' END, 'shopper', "user_id", "created_at" FROM "orders";
