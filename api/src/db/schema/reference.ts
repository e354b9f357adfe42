/**
 * Global reference lists (not branch data): religions, ethnic groups, relationship types, prospect event types.
 */
import { pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { id } from './columns';

export const religions = pgTable('religions', {
  id: id(),
  name: varchar({ length: 50 }).notNull().unique(),
});

export const ethnics = pgTable('ethnics', {
  id: id(),
  name: varchar({ length: 50 }).notNull().unique(),
});

/** Relationship of an emergency contact (emergency_contact_rtype{title}). */
export const relationship_types = pgTable('relationship_types', {
  id: id(),
  title: varchar({ length: 50 }).notNull().unique(),
});

/** Prospect event types: id 1 admission (PSB), id 2 transfer (mutasi). The id is the `stype` code. */
export const psb_event_stypes = pgTable('psb_event_stypes', {
  id: smallint().primaryKey(),
  name: varchar({ length: 100 }).notNull(),
});
