import { describe, expect, it } from 'vitest';
import {
  type AnyApiRoute,
  type DocumentRequest,
  documentPath,
  fillPath,
  parseDocumentPath,
  ROUTES,
  STYPE_TRANSFER,
} from '../src/contract';
import { inputMismatches, inputsOf, ROUTE_INPUTS } from '../src/contract/routes/inputs';

const allRoutes = (): AnyApiRoute[] => Object.values(ROUTES).flatMap((group) => Object.values(group));

describe('the route table', () => {
  it('fills a route’s parameters into its path, encoded', () => {
    // The wire format: literal paths are what the API answers.
    expect(ROUTES.people.employee({ id: 7 })).toBe('/api/employee/7');
    expect(ROUTES.cash.depositPdf({ id: 3 })).toBe('/api/cash-closing/3/deposit/pdf');
    expect(ROUTES.people.employees()).toBe('/api/employee');
    expect(fillPath('/api/x/:id', { id: 'a/b' })).toBe('/api/x/a%2Fb');
  });

  it('declares each method and path once, under the API prefix, with its local path', () => {
    const keys = allRoutes().map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of allRoutes()) {
      expect(route.path.startsWith('/api/')).toBe(true);
      expect(`/api${route.local}`).toBe(route.path);
    }
  });

  it('declares inputs by type; their values are in ROUTE_INPUTS, one for each', () => {
    expect(inputMismatches()).toEqual([]);
    expect(inputsOf(ROUTES.auth.login).body).toBe(ROUTE_INPUTS.auth.login.body);
    expect(inputsOf(ROUTES.auth.me)).toEqual({});
    // What a page holds of the table: no schema, only that the route reads a body.
    expect(Object.keys(ROUTES.auth.login.body ?? {})).toEqual([]);
  });

  it('refuses a missing parameter instead of sending a wrong address', () => {
    expect(() => fillPath('/api/employee/:id', {})).toThrow(/id/);
  });
});

describe('document paths: built and read by one module', () => {
  const requests: DocumentRequest[] = [
    { kind: 'student-receipt', billId: 5, paymentId: 7 },
    { kind: 'student-note', billId: 5, paymentId: 7, noteType: 2 },
    { kind: 'prospect-receipt', billId: 3, paymentId: 9 },
  ];

  it('reads back every document it builds, under either prospect screen', () => {
    for (const request of requests) {
      for (const address of [documentPath(request), documentPath(request, STYPE_TRANSFER)]) {
        const url = new URL(address, 'http://x');
        expect(parseDocumentPath(url.pathname, url.searchParams)).toEqual(request);
      }
    }
    expect(documentPath(requests[2] as DocumentRequest, STYPE_TRANSFER)).toBe(
      '/mutation-billing/show/3/receipt-show?prospectiveBillingPaymentId=9',
    );
    expect(documentPath(requests[1] as DocumentRequest)).toBe(
      '/student-billing/show/5/bill-show?studentBillingPaymentId=7&type=2',
    );
  });
});
