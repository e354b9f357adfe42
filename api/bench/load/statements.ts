/**
 * BENCH_STATEMENTS=1: where PostgreSQL's time went in a phase, from pg_stat_statements (api/bench/METHOD.md
 * "Running it", Statements); statements run by triggers are marked nested and left out of the total.
 */
import pg from 'pg';

export const STATEMENTS_WANTED = process.env.BENCH_STATEMENTS === '1';

export class StatementProfile {
  private readonly client: pg.Client;

  constructor(databaseUrl: string) {
    this.client = new pg.Client({ connectionString: databaseUrl });
  }

  async connect(): Promise<void> {
    await this.client.connect();
    await this.client.query('create extension if not exists pg_stat_statements');
    await this.client.query(`alter system set pg_stat_statements.track = 'all'`);
    await this.client.query('alter system set pg_stat_statements.track_planning = on');
    await this.client.query('select pg_reload_conf()');
  }

  async reset(): Promise<void> {
    await this.client.query('select pg_stat_statements_reset()');
  }

  /** The top statements by total time since the last reset, printed per payment. */
  async print(payments: number, top = 14): Promise<void> {
    const { rows } = await this.client.query<{
      query: string;
      calls: string;
      exec: number;
      plan: number;
      toplevel: boolean;
    }>(
      `select query, calls, total_exec_time as exec, total_plan_time as plan, toplevel
         from pg_stat_statements
        where dbid = (select oid from pg_database where datname = current_database())
        order by total_exec_time + total_plan_time desc`,
    );
    const all = rows.filter((r) => r.toplevel).reduce((sum, r) => sum + r.exec + r.plan, 0);
    const per = Math.max(1, payments);
    console.log(
      `  statements: ${(all / per).toFixed(2)} ms of execution and planning per payment (top-level statements) in ${rows.length} kinds; the top ${top}:`,
    );
    console.log('  | ms per payment | calls per payment | ms per call | plan ms | statement |');
    console.log('  | ---: | ---: | ---: | ---: | --- |');
    for (const r of rows.slice(0, top)) {
      const calls = Number(r.calls);
      const text = `${r.toplevel ? '' : '(nested) '}${r.query.replace(/\s+/g, ' ').slice(0, 140)}`;
      console.log(
        `  | ${((r.exec + r.plan) / per).toFixed(3)} | ${(calls / per).toFixed(2)} | ${((r.exec + r.plan) / Math.max(1, calls)).toFixed(3)} | ${(r.plan / Math.max(1, calls)).toFixed(3)} | ${text} |`,
      );
    }
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}
