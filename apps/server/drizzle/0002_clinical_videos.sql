CREATE TABLE "datasets" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'detection' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{"chamber_depth_um":20,"dilution_factor":1,"um_per_pixel":0.5}'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frames" (
	"id" text PRIMARY KEY NOT NULL,
	"video_id" text NOT NULL,
	"frame_number" integer NOT NULL,
	"time_offset" real NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"selected" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"extraction_session" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" text PRIMARY KEY NOT NULL,
	"dataset_id" text NOT NULL,
	"name" text NOT NULL,
	"file_name" text NOT NULL,
	"original_filename" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"fps" real DEFAULT 0 NOT NULL,
	"frame_count" integer DEFAULT 0 NOT NULL,
	"duration" real DEFAULT 0 NOT NULL,
	"codec" text DEFAULT '' NOT NULL,
	"container" text DEFAULT '' NOT NULL,
	"patient_id" text,
	"capture_date" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text,
	"processing_status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"original_key" text NOT NULL,
	"playable_key" text,
	"thumbnail_key" text,
	"last_task_id" text,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frames" ADD CONSTRAINT "frames_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "datasets_project_idx" ON "datasets" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "frames_video_idx" ON "frames" USING btree ("video_id","frame_number");--> statement-breakpoint
CREATE INDEX "videos_dataset_idx" ON "videos" USING btree ("dataset_id","created_at");--> statement-breakpoint
CREATE INDEX "videos_patient_idx" ON "videos" USING btree ("patient_id");