CREATE TABLE "patients" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text,
	"name" text NOT NULL,
	"age" integer,
	"contact_number" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_project_idx" ON "patients" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "patients_created_idx" ON "patients" USING btree ("created_at");--> statement-breakpoint
-- Free-text patient ids stored before this migration become patient records (name = old id).
INSERT INTO "patients" ("id", "project_id", "name")
SELECT DISTINCT ON (v."patient_id") v."patient_id", d."project_id", v."patient_id"
FROM "videos" v JOIN "datasets" d ON d."id" = v."dataset_id"
WHERE v."patient_id" IS NOT NULL AND v."patient_id" <> ''
ORDER BY v."patient_id", v."created_at";--> statement-breakpoint
UPDATE "videos" SET "patient_id" = NULL WHERE "patient_id" = '';--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;