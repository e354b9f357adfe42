-- Hand-written (drizzle-kit cannot express CREATE STATISTICS). A bill's placement columns depend on each
-- other (a class fixes its level, year and department; a period fixes its year): without these statistics
-- the planner multiplies their selectivities and expects 1 bill of a class-month instead of 40, and 14,000
-- of a department's year instead of 82,000 (EXPLAIN ANALYZE, api/bench). Functional dependencies and
-- n-distinct over the columns the billing filters combine.
CREATE STATISTICS IF NOT EXISTS "student_billings_placement_stats" (dependencies, ndistinct)
  ON "department_id", "year_of_study_id", "yos_periode_id", "level_id", "class_id"
  FROM "student_billings";--> statement-breakpoint
ANALYZE "student_billings";
