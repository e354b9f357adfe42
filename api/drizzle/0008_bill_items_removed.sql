DROP INDEX "student_billing_items_bill_component_uq";--> statement-breakpoint
DROP INDEX "student_billing_items_student_component_uq";--> statement-breakpoint
ALTER TABLE "student_billing_items" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "student_billing_items" ADD COLUMN "removed_by" integer;--> statement-breakpoint
ALTER TABLE "student_billing_items" ADD COLUMN "removed_reason" text;--> statement-breakpoint
ALTER TABLE "student_billing_items" ADD CONSTRAINT "student_billing_items_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "student_billing_items_bill_component_uq" ON "student_billing_items" USING btree ("student_billing_id","student_fee_component_id") WHERE "student_billing_items"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "student_billing_items_student_component_uq" ON "student_billing_items" USING btree ("student_id","student_fee_component_id") WHERE "student_billing_items"."removed_at" is null;