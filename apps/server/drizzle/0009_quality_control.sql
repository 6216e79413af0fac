CREATE TABLE "qc_manual_counts" (
	"id" text PRIMARY KEY NOT NULL,
	"dataset_id" text NOT NULL,
	"concentration_million_per_ml" double precision,
	"progressive_pct" double precision,
	"total_motility_pct" double precision,
	"method" text NOT NULL,
	"counted_by" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"measured_concentration_million_per_ml" double precision,
	"measured_progressive_pct" double precision,
	"measured_total_motility_pct" double precision,
	"measured_source" text NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"measured_report_version" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qc_series" (
	"id" text PRIMARY KEY NOT NULL,
	"dataset_id" text NOT NULL,
	"name" text NOT NULL,
	"analyte" text NOT NULL,
	"baseline_runs" integer DEFAULT 10 NOT NULL,
	"target_mean" double precision,
	"target_sd" double precision,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qc_manual_counts" ADD CONSTRAINT "qc_manual_counts_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_manual_counts" ADD CONSTRAINT "qc_manual_counts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_series" ADD CONSTRAINT "qc_series_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_series" ADD CONSTRAINT "qc_series_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qc_manual_counts_dataset_idx" ON "qc_manual_counts" USING btree ("dataset_id","created_at");--> statement-breakpoint
CREATE INDEX "qc_series_dataset_idx" ON "qc_series" USING btree ("dataset_id");
