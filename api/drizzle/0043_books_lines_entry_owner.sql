-- A line's client and branch are its entry's: one key from the line to its entry checks all three, in place of
-- three checks per line (docs/books.md "Cost on the payment path"). The index comes first: the key needs it.
CREATE UNIQUE INDEX "books_entries_owner_uq" ON "books_entries" USING btree ("id","client_id","branch_id");
--> statement-breakpoint
ALTER TABLE "books_lines" ADD CONSTRAINT "books_lines_entry_owner_fk" FOREIGN KEY ("entry_id","client_id","branch_id") REFERENCES "public"."books_entries"("id","client_id","branch_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "books_lines" DROP CONSTRAINT "books_lines_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "books_lines" DROP CONSTRAINT "books_lines_branch_id_branches_id_fk";
--> statement-breakpoint
ALTER TABLE "books_lines" DROP CONSTRAINT "books_lines_entry_id_books_entries_id_fk";
