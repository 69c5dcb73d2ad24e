import { PGlite } from '@electric-sql/pglite';

const t0 = Date.now();
const db = new PGlite();
await db.waitReady;
console.log('ready', Date.now() - t0);
const r = await db.query('select version()');
console.log(r.rows, Date.now() - t0);
const dump = await db.dumpDataDir('none');
console.log('dump', dump.size, Date.now() - t0);
const t1 = Date.now();
const db2 = new PGlite({ loadDataDir: dump });
await db2.waitReady;
console.log('load', Date.now() - t1);
