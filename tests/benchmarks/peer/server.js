// boardgame.io's own server (Koa + socket.io, in-memory storage, no durability) hosting the counter.
// Prints `serving on 127.0.0.1:PORT` once listening, as the benchmark's other servers do.
const { Server } = require('boardgame.io/server');
const { Counter } = require('./counter');

const server = Server({ games: [Counter], origins: [/.*/] });
server.run({ port: 0 }).then(({ appServer }) => {
  process.stdout.write(`serving on 127.0.0.1:${appServer.address().port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
