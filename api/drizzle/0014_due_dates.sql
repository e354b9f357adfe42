-- Due dates (docs/money.md "Due dates and arrears"): components fall due on a day of their month (existing ones
-- and the level defaults on the 10th) or on a fixed date; each bill item keeps the date it was charged with (never
-- before its bill's date); a bill's due date is the earliest of its items still owing (of all, when paid).
ALTER TABLE "student_auto_fees" ADD COLUMN "due_day" smallint DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "student_fee_components" ADD COLUMN "due_day" smallint DEFAULT 10;--> statement-breakpoint
ALTER TABLE "student_fee_components" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "student_billing_items" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "student_billings" ADD COLUMN "due_date" date;--> statement-breakpoint
UPDATE "student_billing_items" AS i SET "due_date" = greatest(
    (c."mm" || '-01')::date + (least(c."due_day",
      extract(day from (c."mm" || '-01')::date + interval '1 month' - interval '1 day')::int) - 1),
    b."bill_date")
  FROM "student_fee_components" AS c, "student_billings" AS b
  WHERE c."id" = i."student_fee_component_id" AND b."id" = i."student_billing_id";--> statement-breakpoint
UPDATE "student_billings" AS b SET "due_date" = coalesce(
    (SELECT min(i."due_date") FROM "student_billing_items" AS i
      WHERE i."student_billing_id" = b."id" AND i."removed_at" IS NULL AND i."total_billing" > 0),
    (SELECT min(i."due_date") FROM "student_billing_items" AS i
      WHERE i."student_billing_id" = b."id" AND i."removed_at" IS NULL),
    b."bill_date");--> statement-breakpoint
ALTER TABLE "student_billing_items" ALTER COLUMN "due_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "student_billings" ALTER COLUMN "due_date" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "student_billings_due_idx" ON "student_billings" USING btree ("branch_id","department_id","due_date") WHERE "student_billings"."form_status" = 1 and "student_billings"."total_billing" > 0;--> statement-breakpoint
ALTER TABLE "student_auto_fees" ADD CONSTRAINT "student_auto_fees_due_day_ck" CHECK ("student_auto_fees"."due_day" between 1 and 31);--> statement-breakpoint
ALTER TABLE "student_fee_components" ADD CONSTRAINT "student_fee_components_due_day_ck" CHECK ("student_fee_components"."due_day" between 1 and 31);--> statement-breakpoint
ALTER TABLE "student_fee_components" ADD CONSTRAINT "student_fee_components_due_ck" CHECK (("student_fee_components"."due_day" is null) <> ("student_fee_components"."due_date" is null));
