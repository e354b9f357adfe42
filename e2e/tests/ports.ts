/** Ports of the e2e run: apart from `pnpm start`'s defaults so both can run at once. */
export const PORTS = {
  api: 4380,
  host: 4300,
  staff: 4301,
  fees: 4302,
  billing: 4303,
  admissions: 4304,
  receipts: 4305,
} as const;
export const CONTROL_PORT = 4399;
