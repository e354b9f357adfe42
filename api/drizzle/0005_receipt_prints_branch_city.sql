ALTER TABLE "branches" ADD COLUMN "city" varchar(100);--> statement-breakpoint
ALTER TABLE "prospective_billing_payments" ADD COLUMN "print_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "prospective_billing_payments" ADD COLUMN "first_printed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "student_billing_payments" ADD COLUMN "print_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "student_billing_payments" ADD COLUMN "first_printed_at" timestamp with time zone;