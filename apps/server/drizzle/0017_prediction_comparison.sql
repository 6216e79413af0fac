ALTER TABLE "predictions" ADD COLUMN "comparison" jsonb;
