// OTLP/HTTP sink for bench/proxy: accepts every export (POST /v1/traces, /v1/metrics, …),
// answers 200 at once and keeps only counts; GET /stats answers them as JSON. Run as a child
// process so it does not share an event loop with the load generator. Prints its port.
import { createServer } from 'node:http';

/** Service names looked for in the exports (protobuf and JSON carry them as plain UTF-8). */
const SERVICES = ['everyhealth-web', 'everyhealth-backend'];
const stats = { posts: 0, bytes: 0, paths: {}, services: {} };

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/stats') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(stats));
    return;
  }
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    stats.posts += 1;
    stats.bytes += body.length;
    stats.paths[req.url] = (stats.paths[req.url] ?? 0) + 1;
    for (const name of SERVICES) {
      if (body.includes(name)) stats.services[name] = (stats.services[name] ?? 0) + 1;
    }
    const json = String(req.headers['content-type']).includes('json');
    res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' });
    res.end(json ? '{}' : '');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
