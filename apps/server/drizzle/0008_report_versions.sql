CREATE TABLE "dataset_report_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"dataset_id" text NOT NULL,
	"version" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"created_by_name" text,
	"signed_at" timestamp with time zone,
	"signed_by" text,
	"signed_by_name" text,
	"amends" integer,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "dataset_report_versions" ADD CONSTRAINT "dataset_report_versions_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_report_versions" ADD CONSTRAINT "dataset_report_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_report_versions" ADD CONSTRAINT "dataset_report_versions_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dataset_report_versions_dataset_version_idx" ON "dataset_report_versions" USING btree ("dataset_id","version");--> statement-breakpoint
CREATE INDEX "dataset_report_versions_signed_idx" ON "dataset_report_versions" USING btree ("dataset_id","signed_at");--> statement-breakpoint
INSERT INTO "dataset_report_versions" ("id", "dataset_id", "version", "payload", "created_at")
SELECT "id", "dataset_id", 1, "payload", "updated_at" FROM "dataset_reports";
--> statement-breakpoint
DROP TABLE "dataset_reports";--> statement-breakpoint
-- Existing installations: the seeded Clinician role signs reports, as new ones do.
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT "id", 'sarm.sign_report' FROM "roles" WHERE "code" = 'clinician'
ON CONFLICT DO NOTHING;
