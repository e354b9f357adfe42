DROP INDEX "online_fixed_vas_student_uq";--> statement-breakpoint
ALTER TABLE "gateway_notifications" ADD COLUMN "amount" bigint;--> statement-breakpoint
ALTER TABLE "gateway_notifications" ADD COLUMN "payment_ids" jsonb;--> statement-breakpoint
ALTER TABLE "gateway_notifications" ADD COLUMN "credit_amount" bigint;--> statement-breakpoint
ALTER TABLE "gateway_notifications" ADD COLUMN "flagged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway_notifications" ADD COLUMN "flag_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "online_fixed_vas" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "online_fixed_vas" ADD COLUMN "closed_by" integer;--> statement-breakpoint
ALTER TABLE "online_fixed_vas" ADD COLUMN "close_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "online_fixed_vas" ADD CONSTRAINT "online_fixed_vas_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_notifications_fixed_va_idx" ON "gateway_notifications" USING btree ("online_fixed_va_id");--> statement-breakpoint
CREATE UNIQUE INDEX "online_fixed_vas_student_uq" ON "online_fixed_vas" USING btree ("student_id","provider","bank") WHERE "online_fixed_vas"."closed_at" is null;