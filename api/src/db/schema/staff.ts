/**
 * Staff: employees belong to the client; their branches are their user's branches. Their photos are kept in
 * the database.
 */
import {
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { clients, users } from './access';
import { bytea, id, timestamps } from './columns';
import { ethnics, religions } from './reference';

export const employees = pgTable(
  'employees',
  {
    id: id(),
    client_id: integer()
      .notNull()
      .references(() => clients.id),
    user_id: integer()
      .notNull()
      .unique()
      .references(() => users.id),
    nip: varchar({ length: 30 }),
    nip_pns: varchar({ length: 30 }),
    name: varchar({ length: 150 }).notNull(),
    initial_degree: varchar({ length: 30 }),
    final_degree: varchar({ length: 30 }),
    gender_id: smallint().notNull(), // 1 Laki-Laki, 2 Perempuan
    religion_id: integer().references(() => religions.id),
    ethnic_id: integer().references(() => ethnics.id),
    marital_status_id: smallint(), // 1 Sudah, 2 Belum, 99 Tidak Ditentukan
    birth_place: varchar({ length: 100 }),
    birth_date: date({ mode: 'string' }),
    nik: varchar({ length: 20 }),
    phone: varchar({ length: 30 }),
    address: text(),
    pics: varchar({ length: 200 }), // photo file name under /uploads/employees
    status: smallint().notNull().default(1), // 1 active
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('employees_client_nip_uq').on(t.client_id, t.nip),
    index('employees_name_idx').on(t.name),
  ],
);

/**
 * Employee photos, re-encoded (src/employee/photo.ts), served at /uploads/employees/{name}. In the database
 * rather than on one server's disk, so every API instance serves them.
 */
export const employee_photos = pgTable('employee_photos', {
  name: varchar({ length: 200 }).primaryKey(),
  employee_id: integer()
    .notNull()
    .references(() => employees.id, { onDelete: 'cascade' }),
  content_type: varchar({ length: 50 }).notNull(),
  bytes: bytea().notNull(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
