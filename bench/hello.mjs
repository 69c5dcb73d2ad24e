// The baseline of the bench: a bare Fastify hello-world on the same machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
// The same bare server answering as many bytes as scenario 7 (`GET /user-properties`, 5,187 bytes):
// what writing and reading an answer of that size costs on this machine, without any of our work.
const SIZED_BYTES = 5187;
const sized = { data: 'x'.repeat(SIZED_BYTES - '{"data":""}'.length) };
app.get('/sized', async () => sized);
await app.listen({ port: Number(process.env.PORT ?? 3901), host: '127.0.0.1' });
