ALTER TABLE "detections" ADD COLUMN "crop_sharpness" real;--> statement-breakpoint
ALTER TABLE "data_label_items" ADD COLUMN "annotator_confidence" integer;--> statement-breakpoint
ALTER TABLE "data_label_items" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "data_label_items" ADD COLUMN "morphometry" jsonb;