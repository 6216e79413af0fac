CREATE TABLE "calibration_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"objective" text DEFAULT '' NOT NULL,
	"um_per_pixel" double precision NOT NULL,
	"frame_rate_fps" double precision,
	"chamber_name" text DEFAULT '' NOT NULL,
	"chamber_depth_um" double precision DEFAULT 20 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calibration_profiles" ADD CONSTRAINT "calibration_profiles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calibration_profiles_name_idx" ON "calibration_profiles" USING btree ("name");
