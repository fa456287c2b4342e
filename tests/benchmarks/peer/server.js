// boardgame.io's own server (Koa + socket.io) hosting the counter: on its in-memory storage (no
// durability), or, given a PostgreSQL URL, on `bgio-postgres` (every move committed to that store).
// Prints `serving on 127.0.0.1:PORT` once listening, as the benchmark's other servers do.
//   node server.js [postgres://USER:PASSWORD@HOST:PORT/DATABASE]
const { Server } = require('boardgame.io/server');
const { Counter } = require('./counter');

const [postgres] = process.argv.slice(2);
const options = { games: [Counter], origins: [/.*/] };
if (postgres) {
  const { PostgresStore } = require('bgio-postgres');
  options.db = new PostgresStore(postgres, { logging: false });
}

const server = Server(options);
server.run({ port: 0 }).then(({ appServer }) => {
  process.stdout.write(`serving on 127.0.0.1:${appServer.address().port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
