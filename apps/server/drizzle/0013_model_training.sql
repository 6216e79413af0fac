CREATE TABLE "model_deployments" (
	"project_id" text PRIMARY KEY NOT NULL,
	"model_id" text NOT NULL,
	"deployed_by" text,
	"deployed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "predictions" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"model_id" text,
	"model_type" text NOT NULL,
	"model_name" text NOT NULL,
	"model_version" integer DEFAULT 0 NOT NULL,
	"video_id" text,
	"video_name" text NOT NULL,
	"project_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"message" text,
	"error" text,
	"task_id" text,
	"metrics" jsonb,
	"frames" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result_key" text,
	"created_by" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "data_label_id" text;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "source" text DEFAULT 'trained' NOT NULL;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "runtime" text DEFAULT 'tfjs' NOT NULL;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "file_key" text;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "checkpoint_key" text;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "checkpoint_epoch" integer;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "training" jsonb;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "stop_requested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "task_id" text;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "model_deployments" ADD CONSTRAINT "model_deployments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_deployments" ADD CONSTRAINT "model_deployments_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_deployments" ADD CONSTRAINT "model_deployments_deployed_by_users_id_fk" FOREIGN KEY ("deployed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "predictions_created_idx" ON "predictions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "predictions_model_idx" ON "predictions" USING btree ("model_id");--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_data_label_id_data_labels_id_fk" FOREIGN KEY ("data_label_id") REFERENCES "public"."data_labels"("id") ON DELETE set null ON UPDATE no action;