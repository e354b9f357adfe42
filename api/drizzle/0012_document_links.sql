CREATE TABLE "document_links" (
	"code_hash" char(64) PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"payment_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_links" ADD CONSTRAINT "document_links_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_links" ADD CONSTRAINT "document_links_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_links" ADD CONSTRAINT "document_links_payment_id_student_billing_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."student_billing_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_links_expires_idx" ON "document_links" USING btree ("expires_at");