import { openDatabase } from './src/db/client';
import { seedDatabase } from './src/seed';
import { buildApp } from './src/app';
const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
await database.migrate();
await seedDatabase(database);
const app = await buildApp({ database, jwtSecret: 'x'.repeat(40), uploadsDir: '/tmp/up-dbg', logger: false });
app.addHook('onError', async (_req, _rep, err) => { console.error('ERR', err); });
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'keuangan', password: 'Keuangan#2026' } });
const token = login.json().token;
const h = { authorization: `Bearer ${token}` };
for (const url of ['/api/student-billing/1', '/api/student-billing-pdf/1']) {
  const r = await app.inject({ method: 'GET', url, headers: h });
  console.log(url, r.statusCode, r.body.slice(0, 300));
}
await app.close(); await database.close();
