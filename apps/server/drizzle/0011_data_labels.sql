-- Idempotent: this migration once carried a timestamp older than 0010's, so databases migrated
-- to 0010 before it existed skipped it. It now sorts after 0010 and runs again harmlessly where
-- it was applied.
CREATE TABLE IF NOT EXISTS "data_label_items" (
	"id" text PRIMARY KEY NOT NULL,
	"data_label_id" text NOT NULL,
	"detection_id" text NOT NULL,
	"frame_id" text NOT NULL,
	"video_id" text NOT NULL,
	"class_name" text DEFAULT 'sperm' NOT NULL,
	"morphology_class" text,
	"quality" text,
	"confidence" real,
	"mask_key" text,
	"points" jsonb,
	"annotated_by" text,
	"review_status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"review_notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "data_labels" (
	"id" text PRIMARY KEY NOT NULL,
	"dataset_id" text NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"label_type" text DEFAULT 'detection' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "detections" ADD COLUMN IF NOT EXISTS "track_id" integer;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "data_label_items" ADD CONSTRAINT "data_label_items_data_label_id_data_labels_id_fk" FOREIGN KEY ("data_label_id") REFERENCES "public"."data_labels"("id") ON DELETE cascade ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "data_label_items" ADD CONSTRAINT "data_label_items_detection_id_detections_id_fk" FOREIGN KEY ("detection_id") REFERENCES "public"."detections"("id") ON DELETE cascade ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "data_label_items" ADD CONSTRAINT "data_label_items_frame_id_frames_id_fk" FOREIGN KEY ("frame_id") REFERENCES "public"."frames"("id") ON DELETE cascade ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "data_label_items" ADD CONSTRAINT "data_label_items_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "data_label_items" ADD CONSTRAINT "data_label_items_annotated_by_users_id_fk" FOREIGN KEY ("annotated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "data_label_items" ADD CONSTRAINT "data_label_items_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "data_labels" ADD CONSTRAINT "data_labels_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "data_labels" ADD CONSTRAINT "data_labels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "data_label_items_label_detection_idx" ON "data_label_items" USING btree ("data_label_id","detection_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "data_label_items_label_frame_idx" ON "data_label_items" USING btree ("data_label_id","frame_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "data_label_items_detection_idx" ON "data_label_items" USING btree ("detection_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "data_labels_dataset_name_idx" ON "data_labels" USING btree ("dataset_id","name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "data_labels_user_idx" ON "data_labels" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "detections_track_idx" ON "detections" USING btree ("track_id");