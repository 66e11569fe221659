// serve-squid starts flying-squid on loopback for a test in another
// language (beaweb's end-to-end run), prints {"port": N} on one line once it
// listens, and stops when its stdin closes or it is told to.

import { startSquid } from './squid.js';

const squid = await startSquid();
process.stdout.write(`${JSON.stringify({ port: squid.port })}\n`);
const stop = () => { squid.close(); process.exit(0); };
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
