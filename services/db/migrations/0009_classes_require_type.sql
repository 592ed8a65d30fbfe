ALTER TABLE "school_class" ALTER COLUMN "class_type_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "school_class" ALTER COLUMN "arm" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "school_class" DROP COLUMN "class_type";