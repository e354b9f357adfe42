-- Hand-written backfill (drizzle-kit generate --custom): payments recorded before total_billing_after existed
-- get what was left on their bill right after them (the bill's net total minus the payments up to and including
-- them, in date order), so their receipts print the same Sisa Tagihan as new ones.
UPDATE "student_billing_payments" AS p
SET "total_billing_after" = GREATEST(0, b."total_amount" - b."total_discount" - b."total_bail" - s."paid_so_far")
FROM (
  SELECT "id", sum("amount") OVER (PARTITION BY "student_billing_id" ORDER BY "payment_date", "id") AS "paid_so_far"
  FROM "student_billing_payments"
) AS s, "student_billings" AS b
WHERE s."id" = p."id" AND b."id" = p."student_billing_id";
--> statement-breakpoint
UPDATE "prospective_billing_payments" AS p
SET "total_billing_after" = GREATEST(0, b."total_amount" - b."total_discount" - b."total_bail" - s."paid_so_far")
FROM (
  SELECT "id", sum("amount") OVER (PARTITION BY "prospective_billing_id" ORDER BY "payment_date", "id") AS "paid_so_far"
  FROM "prospective_billing_payments"
) AS s, "prospective_billings" AS b
WHERE s."id" = p."id" AND b."id" = p."prospective_billing_id";
