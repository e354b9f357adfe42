/**
 * Security sweeps over every route of `app.routeTable` (api/README.md "The route table sweeps"): authorization,
 * malformed input under load, and each sample succeeding for its own caller. SWEEP_CASES: cases per route (25).
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/openapi/describe';
import { bearer, craftToken, createTestContext, login, nowSeconds, type TestContext } from './helpers';
import { malformedCases, malformedInject } from './sweep/malformed';
import {
  AUTHORIZATION_EXCEPTIONS,
  injectOptions,
  isFileRoute,
  MALFORMED_EXCEPTIONS,
  OWN_SESSION_ROUTES,
  requestsFor,
  routeKey,
  SAMPLES,
} from './sweep/requests';
import {
  type Callers,
  CHECKSUM_EXCLUDED_TABLES,
  canaries,
  changedTables,
  type Fixture,
  idsOutOfReach,
  loadCallers,
  loadFixture,
  rowHashes,
  rowsChanged,
  stringsOf,
  tableHashes,
} from './sweep/world';

const CASES_PER_ROUTE = Number(process.env.SWEEP_CASES ?? 25);
const SEED = 20_260_707;
/** The valid requests sent during the malformed sweep: LOAD_WORKERS in flight, LOAD_ROUNDS rounds each. */
const LOAD_WORKERS = 4;
const LOAD_ROUNDS = 10;
const driver = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

let ctx: TestContext;
let callers: Callers;
let bandung: Fixture;
let jakarta: Fixture;
let routes: RouteEntry[];

beforeAll(async () => {
  // The sweeps ask for hundreds of documents as a few users within a minute: the per-user document limit (its
  // own tests in documents.test.ts) would answer 429 depending on where the minute falls.
  ctx = await createTestContext({ documents: { perMinute: 100_000 } });
  const [bandungBranch, jakartaBranch] = (await login(ctx.app, 'keuangan')).user.branches;
  bandung = await loadFixture(ctx.database, bandungBranch?.id as number);
  jakarta = await loadFixture(ctx.database, jakartaBranch?.id as number);
  callers = await loadCallers(ctx, bandung.branchId);
  await ctx.app.ready();
  routes = ctx.app.routeTable;
}, 120_000);
afterAll(() => ctx?.close());

const isSuccess = (status: number) => status >= 200 && status < 300;
const listed = (entries: string[][]) => entries.map(([key, why]) => `${key} (${why})`).join('; ');

// -------------------------------------------------------------------------------------------------------
describe(`authorization sweep (${driver})`, () => {
  it('refuses every guarded route to the wrong caller, leaks nothing and changes nothing', async () => {
    const swept = routes.filter(
      (r) => !isFileRoute(r) && r.access !== 'public' && !AUTHORIZATION_EXCEPTIONS[routeKey(r)],
    );
    const unlisted = routes.filter((r) => r.access === 'public' && !AUTHORIZATION_EXCEPTIONS[routeKey(r)]);
    expect(unlisted.map(routeKey), 'public routes must be listed with a reason').toEqual([]);

    // Tokens that must not work.
    const { bandungEditor, other } = callers;
    const claims = { uid: bandungEditor.user.id, bid: bandung.branchId, ver: 0 };
    const expired = craftToken({ ...claims, iat: nowSeconds() - 50_000, exp: nowSeconds() - 3_600 });
    const forged = craftToken(
      { ...claims, iat: nowSeconds(), exp: nowSeconds() + 600 },
      'bukan-rahasia-server-ini-0123456789abcdef',
    );
    // A non-editor's token from before a sign-out (revoked), and one from after it.
    const throwaway = (await login(ctx.app, 'guru')).token;
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(throwaway) });
    const guruNow = (await login(ctx.app, 'guru')).token;
    // Ids for the paths of routes without a sample: none may name a row the wrong caller may rightly reach.
    const bandungIdsForOther = await idsOutOfReach(ctx.database, bandung.ids, {
      clientId: other.client.clientId,
      branchId: other.client.branchId,
    });
    const jakartaIdsForBandung = await idsOutOfReach(ctx.database, jakarta.ids, bandung);
    const clientCanaries = await canaries(ctx.database, { clientId: bandung.clientId });
    const jakartaCanaries = await canaries(ctx.database, { branchId: jakarta.branchId });
    expect(clientCanaries.size).toBeGreaterThan(100);
    expect(jakartaCanaries.size).toBeGreaterThan(100);

    const failures: string[] = [];
    let cases = 0;
    let tablesChanged = 0;
    const send = async (
      route: RouteEntry,
      label: string,
      options: InjectOptions,
      expectation: (status: number, body: string) => string | null,
    ) => {
      cases++;
      const res = await ctx.app.inject(options);
      const problem = expectation(res.statusCode, res.body);
      if (problem) failures.push(`${routeKey(route)} [${label}] ${problem}: ${res.body.slice(0, 200)}`);
    };
    const refusedWith =
      (...statuses: number[]) =>
      (status: number) =>
        statuses.includes(status) ? null : `answered ${status}, expected ${statuses.join('/')}`;
    const noLeak = (secrets: Set<string>) => (status: number, body: string) => {
      if (status >= 500) return `answered ${status}`;
      if (!isSuccess(status)) return null;
      const leaked = stringsOf(body).filter((s) => secrets.has(s));
      return leaked.length > 0
        ? `answered ${status} with data it must not see (${leaked.slice(0, 3)})`
        : null;
    };

    for (const route of swept) {
      const before = await tableHashes(ctx.database);
      const own = await requestsFor(route, bandung);
      for (const request of own) {
        for (const [label, token] of [
          ['no token', undefined],
          ['expired token', expired],
          ['revoked token', throwaway],
          ['forged token', forged],
        ] as const) {
          await send(route, label, injectOptions(route, request, token), refusedWith(401));
        }
        if (route.access === 'financeEditor') {
          await send(route, 'non-editor', injectOptions(route, request, guruNow), refusedWith(403));
        }
      }
      const ownSession = Boolean(OWN_SESSION_ROUTES[routeKey(route)]);
      const otherClient = ownSession ? [] : await requestsFor(route, bandung, bandungIdsForOther);
      for (const request of otherClient) {
        await send(
          route,
          'another client',
          injectOptions(route, request, other.token),
          noLeak(clientCanaries),
        );
      }
      const otherBranch = ownSession ? [] : await requestsFor(route, jakarta, jakartaIdsForBandung);
      for (const request of otherBranch) {
        await send(
          route,
          'another branch',
          injectOptions(route, request, bandungEditor.token),
          noLeak(jakartaCanaries),
        );
      }
      const changed = changedTables(before, await tableHashes(ctx.database));
      if (changed.length > 0) {
        tablesChanged += changed.length;
        failures.push(`${routeKey(route)} changed ${changed.join(', ')}`);
      }
    }

    const withSample = swept.filter((r) => SAMPLES[routeKey(r)]).length;
    console.log(
      [
        `authorization sweep (${driver}): ${swept.length} routes swept (${withSample} with a sample request), ${cases} cases, ${failures.length} failures, ${tablesChanged} tables changed`,
        `  token cases only: ${listed(Object.entries(OWN_SESSION_ROUTES))}`,
        `  not swept: ${listed([
          ...Object.entries(AUTHORIZATION_EXCEPTIONS),
          ...routes
            .filter(isFileRoute)
            .map((r) => [routeKey(r), 'a file, served without a session by design']),
        ])}`,
      ].join('\n'),
    );
    expect(failures).toEqual([]);
  }, 240_000);
});

// -------------------------------------------------------------------------------------------------------
describe(`malformed-input sweep with valid requests alongside (${driver})`, () => {
  it('answers no generated bad request with a 5xx and changes no row, while under load', async () => {
    const swept = routes.filter((r) => !MALFORMED_EXCEPTIONS[routeKey(r)]);
    const { keuangan, other, bandungEditor } = callers;
    // The caller works in Bandung only, which is already its active branch: the one GET that writes
    // (set-active-branch) has nothing to write for any id the sweep can send.
    const caller = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/auth/set-active-branch/${bandung.branchId}`,
        headers: bearer(bandungEditor.token),
      })
    ).json<{ token: string }>().token;

    // Valid requests at the same time: hot reads of the sweep's client, and a hot write in the other client
    // (kept out of the checksums), LOAD_WORKERS at a time, each worker going round the list LOAD_ROUNDS times.
    const read = bearer(keuangan.token);
    const query = new URLSearchParams(
      Object.entries(bandung.placement).map(([k, v]): [string, string] => [k, String(v)]),
    );
    const loadRequests: InjectOptions[] = [
      { method: 'GET', url: '/api/employee?limit=10', headers: read },
      { method: 'GET', url: '/api/dashboard-fin-summary', headers: read },
      { method: 'GET', url: `/api/student-fee-component?${query}`, headers: read },
      { method: 'GET', url: '/api/auth/me', headers: read },
      {
        method: 'PUT',
        url: `/api/employee/${other.employeeId}`,
        headers: bearer(other.token),
        payload: {
          name: 'Staf Klien Lain',
          gender_id: 1,
          religion_id: 1,
          ethnic_id: 1,
          marital_status_id: 2,
          branch_ids: [other.client.branchId],
          fe: 'fin',
        },
      },
    ];
    let loadSent = 0;
    const loadFailures: string[] = [];
    const loadWorker = async (worker: number) => {
      for (let i = 0; i < LOAD_ROUNDS * loadRequests.length; i++) {
        // Workers start at different requests, so the write meets reads, not only itself.
        const request = loadRequests[(worker + i) % loadRequests.length] as InjectOptions;
        try {
          const res = await ctx.app.inject(request);
          if (!isSuccess(res.statusCode)) {
            loadFailures.push(
              `${request.method} ${request.url}: ${res.statusCode} ${res.body.slice(0, 200)}`,
            );
          }
        } catch (error) {
          loadFailures.push(`${request.method} ${request.url}: ${String(error)}`);
        }
        loadSent++;
      }
    };
    const loadDone = Promise.all(Array.from({ length: LOAD_WORKERS }, (_, worker) => loadWorker(worker)));

    const exceptClient = other.client.clientId;
    const rowsBefore = await rowHashes(ctx.database, exceptClient);
    let cases = 0;
    const serverErrors: string[] = [];
    let serverErrorCount = 0;
    const changes: string[] = [];
    for (const route of swept) {
      const before = await tableHashes(ctx.database, exceptClient);
      // fast-check shrinks a failing case to a small one; the sweep reports it and goes on to the next route.
      const verdict = await fc.check(
        fc.asyncProperty(malformedCases(route, bandung.ids), async (c) => {
          cases++;
          const res = await ctx.app.inject(malformedInject(route, c, caller));
          if (res.statusCode >= 500) serverErrorCount++;
          return res.statusCode < 500;
        }),
        { numRuns: CASES_PER_ROUTE, seed: SEED, endOnFailure: true },
      );
      if (verdict.failed) {
        serverErrors.push(
          `${routeKey(route)}: 5xx for ${JSON.stringify(verdict.counterexample).slice(0, 400)}`,
        );
      }
      const changed = changedTables(before, await tableHashes(ctx.database, exceptClient));
      if (changed.length > 0) changes.push(`${routeKey(route)} changed ${changed.join(', ')}`);
    }
    const changedRows = rowsChanged(rowsBefore, await rowHashes(ctx.database, exceptClient));

    await loadDone;
    console.log(
      [
        `malformed-input sweep (${driver}): ${swept.length} routes swept, ${cases} cases tried (shrinking included), ${serverErrorCount} answered 5xx, ${changedRows} rows changed (tables not compared: ${CHECKSUM_EXCLUDED_TABLES.join(', ')})`,
        `  not swept: ${listed(Object.entries(MALFORMED_EXCEPTIONS))}`,
        `valid requests during the sweep (${driver}): ${loadSent} sent, ${LOAD_WORKERS} at a time, ${loadFailures.length} failed`,
      ].join('\n'),
    );
    expect(serverErrors).toEqual([]);
    expect(changes).toEqual([]);
    expect(changedRows).toBe(0);
    expect(loadFailures).toEqual([]);
    expect(loadSent).toBe(LOAD_WORKERS * LOAD_ROUNDS * loadRequests.length);
  }, 300_000);
});

// -------------------------------------------------------------------------------------------------------
describe(`sample requests (${driver})`, () => {
  it('each sample is a valid request: its own caller succeeds with it', async () => {
    const refused: string[] = [];
    for (const [key, sample] of Object.entries(SAMPLES)) {
      const route = routes.find((r) => routeKey(r) === key);
      if (!route) {
        refused.push(`${key}: no such route`);
        continue;
      }
      const res = await ctx.app.inject(
        injectOptions(route, await sample(bandung), callers.bandungEditor.token),
      );
      // update-password's sample carries a wrong old password on purpose (the caller's is not known here).
      const expected = key === 'POST /api/profile/update-password' ? 422 : undefined;
      if (expected ? res.statusCode !== expected : !isSuccess(res.statusCode)) {
        refused.push(`${key}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(refused).toEqual([]);
  }, 60_000);
});
