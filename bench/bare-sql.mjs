// The p50 budget's reference: a bare HTTP server in front of the SQL floor. For each scenario with a
// floor it answers the scenario's request by running the statements the API ran for it, exactly as
// the floor's driver does (bench/floor.ts: one connection of a pool of 10 per request, each statement
// named, the generic plan mode where the API uses it), and writes their rows as JSON: no framework,
// no session, no validation, no tenancy. Its p50 over the floor's is what answering over HTTP from
// a Node process costs on this machine at 32 connections, before any of the API's own work.
//
// BARE_SQL_FILE names a JSON file: { routes: { "<METHOD> <url> <body>": [{ text, values, generic }] },
// planMode: { generic, auto } }. A request needs an authorization header (the token is not read).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import pg from 'pg';

const { routes, planMode } = JSON.parse(readFileSync(process.env.BARE_SQL_FILE, 'utf8'));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const names = new Map();
for (const statements of Object.values(routes)) {
  for (const s of statements) if (!names.has(s.text)) names.set(s.text, `bare_${names.size}`);
}
const generic = new WeakMap();

/** A column as JSON: text PostgreSQL wrote as JSON passes as it is (as the API sends it). */
const cell = (v) =>
  typeof v === 'string' && (v.startsWith('{') || v.startsWith('[')) ? v : JSON.stringify(v);

async function answer(statements) {
  const client = await pool.connect();
  try {
    const parts = [];
    for (const s of statements) {
      if ((generic.get(client) ?? false) !== s.generic) {
        await client.query(s.generic ? planMode.generic : planMode.auto);
        generic.set(client, s.generic);
      }
      const result = await client.query({
        name: names.get(s.text),
        text: s.text,
        values: s.values,
        rowMode: 'array',
      });
      parts.push(`[${result.rows.map((row) => `[${row.map(cell).join(',')}]`).join(',')}]`);
    }
    return `{"data":[${parts.join(',')}]}`;
  } finally {
    client.release();
  }
}

createServer((req, res) => {
  // The body is read as text, not parsed: with the method and the URL it names the scenario.
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    if (req.url === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      return;
    }
    const statements = routes[`${req.method} ${req.url} ${body}`];
    if (!req.headers.authorization || !statements) {
      res.writeHead(req.headers.authorization ? 404 : 401).end();
      return;
    }
    answer(statements).then(
      (json) => {
        res.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(json),
        });
        res.end(json);
      },
      (err) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err?.message ?? err));
      },
    );
  });
}).listen(Number(process.env.PORT ?? 3902), '127.0.0.1');
