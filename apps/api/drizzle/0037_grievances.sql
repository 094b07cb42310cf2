CREATE TABLE "grievance_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"event" text NOT NULL,
	"author" text NOT NULL,
	"author_id" uuid,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grievance_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "grievance_tickets_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"category" text,
	"order_id" uuid,
	"sub_order_id" uuid,
	"seller_id" uuid,
	"assignee_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"acknowledge_by" timestamp with time zone NOT NULL,
	"resolve_by" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller_grievance_officers" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"designation" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "grievance_entries" ADD CONSTRAINT "grievance_entries_ticket_id_grievance_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."grievance_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_entries" ADD CONSTRAINT "grievance_entries_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_tickets" ADD CONSTRAINT "grievance_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_tickets" ADD CONSTRAINT "grievance_tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_tickets" ADD CONSTRAINT "grievance_tickets_sub_order_id_sub_orders_id_fk" FOREIGN KEY ("sub_order_id") REFERENCES "public"."sub_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_tickets" ADD CONSTRAINT "grievance_tickets_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_tickets" ADD CONSTRAINT "grievance_tickets_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_grievance_officers" ADD CONSTRAINT "seller_grievance_officers_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grievance_entries_ticket_idx" ON "grievance_entries" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "grievance_tickets_number_key" ON "grievance_tickets" USING btree ("number");--> statement-breakpoint
CREATE INDEX "grievance_tickets_user_idx" ON "grievance_tickets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "grievance_tickets_seller_idx" ON "grievance_tickets" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "grievance_tickets_order_idx" ON "grievance_tickets" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "grievance_tickets_open_idx" ON "grievance_tickets" USING btree ("created_at") WHERE "grievance_tickets"."status" IN ('open', 'acknowledged', 'escalated');