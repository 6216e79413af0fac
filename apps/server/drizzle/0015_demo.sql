ALTER TABLE "projects" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;
