ALTER TABLE "embed_tokens" ADD COLUMN "cashier_name" varchar(100);--> statement-breakpoint
ALTER TABLE "student_billing_payments" ADD COLUMN "cashier_name" varchar(100);--> statement-breakpoint
ALTER TABLE "prospective_billing_payments" ADD COLUMN "cashier_name" varchar(100);--> statement-breakpoint
ALTER TABLE "embed_tokens" ADD CONSTRAINT "embed_tokens_cashier_ck" CHECK ("embed_tokens"."cashier_name" is null or "embed_tokens"."scope" = 'billing:pay');