ALTER TABLE "online_charges" ADD COLUMN "fee_amount" bigint;--> statement-breakpoint
ALTER TABLE "online_payment_settings" ADD COLUMN "fees" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "online_charges" ADD CONSTRAINT "online_charges_fee_ck" CHECK ("online_charges"."fee_amount" >= 0);--> statement-breakpoint
ALTER TABLE "online_payment_settings" ADD CONSTRAINT "online_payment_settings_fees_ck" CHECK (jsonb_typeof("online_payment_settings"."fees") = 'object');--> statement-breakpoint
-- Hand-written (docs/books.md, "The accounts"): Virtual Account (7) and QRIS (8) map to Bank like the other
-- non-cash payment types; an admin's own mapping stays.
INSERT INTO books_mappings (client_id, source, source_key, account_id)
SELECT a.client_id, 'payment_type', p.ptype, a.id FROM (VALUES (7), (8)) AS p(ptype)
CROSS JOIN books_accounts a WHERE a.role = 'bank'
ON CONFLICT DO NOTHING;
