/** The statements PREPAREd on PGlite's one session (db/prepared.ts), by the handles that share it. */

/**
 * Each PGlite handle's shapes, shared by the database and its transactions (`sharePglite`): by name, whether its
 * PREPARE succeeded (awaited by the queries of the shape that come while it runs).
 */
export type PgliteShapes = Map<string, Promise<boolean>>;
export const pgliteShapes = new WeakMap<object, PgliteShapes>();

/** Gives a PGlite handle (the database, or a transaction of it) the database's set of prepared shapes. */
export function sharePglite(handle: object, shapes: PgliteShapes): void {
  pgliteShapes.set(handle, shapes);
}
