DROP INDEX "prospective_billing_payments_idem_uq";--> statement-breakpoint
DROP INDEX "student_billing_payments_idem_uq";--> statement-breakpoint
ALTER TABLE "prospective_billing_payments" ADD COLUMN "request_fingerprint" varchar(64);--> statement-breakpoint
ALTER TABLE "prospective_billing_payments" ADD COLUMN "total_billing_after" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "prospective_billing_payments" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prospective_billing_payments" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "prospective_billing_payments" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "student_billing_payments" ADD COLUMN "request_fingerprint" varchar(64);--> statement-breakpoint
ALTER TABLE "student_billing_payments" ADD COLUMN "total_billing_after" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "student_billing_payments" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "student_billing_payments" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "student_billing_payments" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "prospective_billing_payments" ADD CONSTRAINT "prospective_billing_payments_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_billing_payments" ADD CONSTRAINT "student_billing_payments_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prospective_billing_payments_bill_idx" ON "prospective_billing_payments" USING btree ("prospective_billing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_billing_items_student_component_uq" ON "student_billing_items" USING btree ("student_id","student_fee_component_id");--> statement-breakpoint
CREATE INDEX "student_billing_payments_bill_idx" ON "student_billing_payments" USING btree ("student_billing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prospective_billing_payments_idem_uq" ON "prospective_billing_payments" USING btree ("branch_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "student_billing_payments_idem_uq" ON "student_billing_payments" USING btree ("branch_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "prospective_billing_payments" ADD CONSTRAINT "prospective_billing_payments_paid_ck" CHECK ("prospective_billing_payments"."total_amount_payment_paid" >= "prospective_billing_payments"."amount");--> statement-breakpoint
ALTER TABLE "student_billing_payments" ADD CONSTRAINT "student_billing_payments_paid_ck" CHECK ("student_billing_payments"."total_amount_payment_paid" >= "student_billing_payments"."amount");