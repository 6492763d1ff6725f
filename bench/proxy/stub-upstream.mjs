// Stub backend for bench/proxy: answers every request with the same 1 KB JSON. Run as a child
// process so it does not share an event loop with the load generator. Prints its port.
import { createServer } from 'node:http';

const items = [];
for (let i = 0; JSON.stringify({ items }).length < 900; i++) {
  items.push({ id: i, name: `exercise ${i}`, reps: 10, weight: 60.5 });
}
const body = Buffer.from(JSON.stringify({ items }).padEnd(1024, ' '));
const headers = { 'content-type': 'application/json', 'content-length': String(body.length) };

const server = createServer((req, res) => {
  req.resume();
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
