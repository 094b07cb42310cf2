CREATE TABLE "return_pickup_claims" (
	"return_id" uuid PRIMARY KEY NOT NULL,
	"courier" text NOT NULL,
	"awb" text,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "return_pickup_claims" ADD CONSTRAINT "return_pickup_claims_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;