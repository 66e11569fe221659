// serve-squid runs flying-squid on loopback for a test (the integration
// tier, or beaweb's end-to-end run in Go): it prints {"port": N} on one line
// once it listens, and stops when its stdin closes or it is told to. With
// --grove, a ring of oak_log trunks stands round the spawn before anyone
// joins (squid.js's GROVE); with --terrain, generated hills instead of
// the flat world.

import { serveSquid } from './squid.js';

const squid = await serveSquid({ grove: process.argv.includes('--grove'), terrain: process.argv.includes('--terrain') });
process.stdout.write(`${JSON.stringify({ port: squid.port })}\n`);
// flying-squid leaves timers running after it quits; the process ends here.
const stop = () => process.exit(0);
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
