ALTER TABLE "videos" ADD COLUMN "discarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "discarded_by" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "discard_reason" text;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_discarded_by_users_id_fk" FOREIGN KEY ("discarded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
