// A host that opens many TCP connections and keeps them idle (issue 24's attack), for
// test/server/connection-caps.test.ts, in a process of its own: each socket is a file
// descriptor, and the test process must stay under its limit.
//
//   node connection-flood.mjs <port> <local address> <count> [<at once>]
//
// Keeps at most <at once> handshakes under way (default 1,000): a burst past the server's
// listen queue would only measure the kernel's SYN retries. Prints one JSON line once every
// attempt has settled — { connected, open } — then holds the open sockets until it is told
// to stop (SIGTERM, or stdin closed).
import { connect } from 'node:net';

const [port, localAddress, count, atOnce] = [
  Number(process.argv[2]),
  process.argv[3],
  Number(process.argv[4]),
  Number(process.argv[5] ?? 1000),
];
const sockets = new Set();
let started = 0;
let settled = 0;
let connected = 0;

function report() {
  // Connections the server closes right after accepting them close a moment later here.
  setTimeout(() => process.stdout.write(`${JSON.stringify({ connected, open: sockets.size })}\n`), 1000);
}

function open() {
  started += 1;
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  let done = false;
  const settle = () => {
    if (done) return;
    done = true;
    settled += 1;
    if (started < count) open();
    else if (settled === count) report();
  };
  socket.on('connect', () => {
    connected += 1;
    sockets.add(socket);
    settle();
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    sockets.delete(socket);
    settle();
  });
}

for (let index = 0; index < Math.min(atOnce, count); index += 1) open();

const stop = () => {
  for (const socket of sockets) socket.destroy();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();
