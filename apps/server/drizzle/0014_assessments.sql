CREATE TABLE "assessment_images" (
	"id" text PRIMARY KEY NOT NULL,
	"dataset_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"proposals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"model_id" text,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sample_assessments" (
	"id" text PRIMARY KEY NOT NULL,
	"dataset_id" text NOT NULL,
	"module" text NOT NULL,
	"method" text NOT NULL,
	"input" jsonb NOT NULL,
	"figures" jsonb NOT NULL,
	"source" text NOT NULL,
	"accepted" boolean NOT NULL,
	"counted_by" text,
	"counted_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dataset_report_versions" ADD COLUMN "signature_meaning" text;--> statement-breakpoint
ALTER TABLE "assessment_images" ADD CONSTRAINT "assessment_images_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_images" ADD CONSTRAINT "assessment_images_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_images" ADD CONSTRAINT "assessment_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_assessments" ADD CONSTRAINT "sample_assessments_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_assessments" ADD CONSTRAINT "sample_assessments_counted_by_users_id_fk" FOREIGN KEY ("counted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_images_dataset_idx" ON "assessment_images" USING btree ("dataset_id","created_at");--> statement-breakpoint
CREATE INDEX "sample_assessments_dataset_idx" ON "sample_assessments" USING btree ("dataset_id","module","created_at");--> statement-breakpoint
CREATE INDEX "sample_assessments_counter_idx" ON "sample_assessments" USING btree ("counted_by","created_at");--> statement-breakpoint
-- Existing installations: the seeded Lab Technician records bench assessments, as new ones do.
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT "id", 'sarm.record_assessments' FROM "roles" WHERE "code" = 'lab_technician'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A project deploys a morphology classifier beside its detector: one deployment per project and kind.
ALTER TABLE "model_deployments" ADD COLUMN "kind" text DEFAULT 'detector' NOT NULL;--> statement-breakpoint
ALTER TABLE "model_deployments" DROP CONSTRAINT "model_deployments_pkey";--> statement-breakpoint
ALTER TABLE "model_deployments" ADD CONSTRAINT "model_deployments_project_id_kind_pk" PRIMARY KEY("project_id","kind");
